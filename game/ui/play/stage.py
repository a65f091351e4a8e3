"""The stage of the play scene: everything the animator moves and the scene draws. The drawn position (the View)
with its pieces in flight, the narration log, the effects, screen shake and flash, the dice tray, the fire
truck and its glow, the banner, the deck card and Tactics cards turning over, the defense markers sliding
between two values and the morale marker hopping space by space (its lift, and the pulse where it lands). The
animator moves it while events play (the shots of an attack too); the scene only drops the effects when the
animations are skipped and settles it on the core's state when the queue is done."""

from __future__ import annotations

from typing import Any

from game.ui.effects import Debris, DiceTray, Effect, GiveWay, Shake
from game.ui.layout import DICE_TRAY
from game.ui.log_panel import LogPanel
from game.ui.play.positions import Positions
from game.ui.play.reveal import CALLOUT_LIFE, POINT_LIFE, RING_LIFE, Callout

# Blasts whose pieces fly at once (their physics is the heaviest effect): the oldest beyond this are dropped. A
# replay at 4x through a busy Enemy Phase had a dozen in flight, a 254 ms frame in the monkey walk.
MAX_BLASTS = 4


class Stage:
    """What is being animated, for one game (``positions`` holds the pieces in flight and the view)."""

    def __init__(self, positions: Positions, log: LogPanel, state: dict[str, Any]) -> None:
        self.positions = positions
        self.view = positions.view
        self.log = log
        self.effects: list[Effect] = []
        self.shake = Shake()
        self.flash = 0.0
        self.tray = DiceTray(DICE_TRAY)
        self.tactic_flip: dict[str, float] = {}  # a Tactics card turning face up (0..1)
        self.tactic_flash: dict[str, float] = {}  # a Tactics card that just changed a result (1 -> 0)
        self.defense_drawn: dict[str, float] = {}  # each floor's defense marker (an index of its track)
        self.morale_drawn = 0.0
        self.morale_lift = 0.0  # the morale marker in the air between two spaces (pixels)
        self.morale_pulse = 0.0  # the space the marker just landed on lights up (1 -> 0)
        self.morale_gain = False  # ... green for a gain, red for a loss
        self.markers_at(state)
        self.truck: tuple[float, float] | None = None
        self.glow = 0.0  # the burning building's glow over the board (0..1)
        self.banner = ""
        self.banner_t = 0.0
        self.card_flip = 1.0  # the card being resolved turning face up (0..1)
        # the enemy card shown large on the board while it resolves (play/reveal.py): its id, its flight from
        # the deck (0..1), the places it acts on (lit), what it did in words; the counters ringed (1 -> 0) and
        # the callouts of a breach or a casualty
        self.shown_card = ""
        self.shown_k = 1.0
        self.shown_focus: tuple[str, ...] = ()
        self.shown_where = ""
        self.rings: dict[str, float] = {}
        self.callouts: list[Callout] = []
        self.pointed: dict[str, float] = {}  # places a summary's line points at (1 -> 0)
        self.reduced = False  # the reduced-motion setting: no shake, flash or hit-stop (the scene keeps it)
        self.frozen = 0.0  # a hit-stop: the effects in flight hold still this many seconds more

    def still(self) -> bool:
        """Nothing in flight: no effect, dice, shake, flash, banner, card or marker still moving."""
        return (not self.effects and self.frozen == 0 and self.tray.settled and self.shake.t == 0 and self.flash == 0
                and self.banner_t == 0 and self.card_flip >= 1 and not self.tactic_flash
                and all(v >= 1 for v in self.tactic_flip.values()) and self.morale_pulse == 0
                and self.morale_lift == 0 and not self.rings and not self.callouts
                and not self.pointed)

    def markers_at(self, state: dict[str, Any]) -> None:
        """The morale and defense markers stand on ``state``'s values."""
        self.defense_drawn = {f: float(i) for f, i in state["defense"].items()}
        self.morale_drawn = float(state["morale"])
        self.morale_lift = 0.0

    def settle(self, state: dict[str, Any]) -> None:
        """The queue is done: the drawn position becomes the core's ``state`` again, nothing is in flight."""
        self.banner_t = min(self.banner_t, 0.3)
        self.view.sync(state)
        self.positions.override.clear()
        self.markers_at(state)

    def update(self, dt: float, speed: float) -> None:
        """Step the effects, the dice and the fades by ``dt`` seconds (the fades quicker at a higher animation
        ``speed``; 0 is Skip); during a hit-stop the effects hold still; with reduced motion nothing shakes or
        flashes."""
        if self.reduced:
            self.flash, self.frozen = 0.0, 0.0
            if self.shake.t:
                self.shake = Shake()
        if self.frozen > 0:
            self.frozen = max(0.0, self.frozen - dt * max(1.0, speed or 8.0))
            return
        blasts = [e for e in self.effects if isinstance(e, Debris | GiveWay)]
        for blast in blasts[:-MAX_BLASTS]:
            blast.done = True
        for e in self.effects:
            if not e.done:
                e.update(dt)
        self.effects = [e for e in self.effects if not e.done]
        self.tray.update(dt)
        self.shake.update(dt)
        self.flash = max(0.0, self.flash - dt)
        self.banner_t = max(0.0, self.banner_t - dt * max(1.0, speed or 4.0))
        self.card_flip = min(1.0, self.card_flip + dt * 5 * max(1.0, speed or 8.0))
        self.morale_pulse = max(0.0, self.morale_pulse - dt * 2.2 * max(1.0, speed or 8.0))
        fade = dt * max(1.0, speed or 8.0)
        self.rings = {k: v - fade / RING_LIFE for k, v in self.rings.items() if v - fade / RING_LIFE > 0}
        self.pointed = {k: v - dt / POINT_LIFE for k, v in self.pointed.items() if v - dt / POINT_LIFE > 0}
        for c in self.callouts:
            c.t -= fade / CALLOUT_LIFE
        self.callouts = [c for c in self.callouts if c.t > 0]
        for cid in list(self.tactic_flash):
            self.tactic_flash[cid] -= dt * 0.8 * max(1.0, speed or 8.0)
            if self.tactic_flash[cid] <= 0:
                del self.tactic_flash[cid]

    def clear_effects(self, game_over: bool) -> None:
        """Drop the effects in flight and land the dice (the fire truck stays when the game is over)."""
        self.effects.clear()
        self.flash = 0.0
        self.shake = Shake()
        self.tray.finish()
        self.truck = None if game_over else self.truck
        self.glow = 0.0
        self.morale_pulse = 0.0
        self.morale_lift = 0.0
        self.rings.clear()
        self.callouts.clear()

    # ------------------------------------------------------------------ what the animator starts
    def flip_card(self) -> None:
        self.card_flip = 0.0

    def show_card(self, card: str) -> None:
        """Enemy card ``card`` leaves its deck for the street."""
        self.shown_card, self.shown_k, self.shown_focus, self.shown_where = card, 0.0, (), ""

    def acts_at(self, focus: tuple[str, ...], words: str) -> None:
        """The card shown acts at the places ``focus`` (lit from now on, at most four) and ``words`` say what it
        did (its first effect's line stays on the card; later ones do not replace it)."""
        if not self.shown_card:
            return
        self.shown_focus = (*self.shown_focus, *(k for k in focus if k not in self.shown_focus))[:4]
        self.shown_where = self.shown_where or words

    def retire_card(self) -> None:
        """The enemy's cards are done (the phase changes): the card leaves the board."""
        self.shown_card, self.shown_focus, self.shown_where = "", (), ""

    def ring(self, key: str) -> None:
        """Ring a counter (``e:<id>``: one moving, ``fire:<id>``: a weapon firing, ``d:<name>``: a defender)."""
        self.rings[key] = 1.0

    def hit_stop(self, seconds: float) -> None:
        """A blow lands: everything in flight holds still for ``seconds`` (none with reduced motion)."""
        if not self.reduced:
            self.frozen = seconds

    def point_at(self, place: str) -> None:
        """Light ``place`` for a moment (a summary's line clicked; a key of play/reveal.py, or ``morale``)."""
        self.pointed[place] = 1.0

    def call_out(self, title: str, text: str, at: tuple[float, float], colour: tuple[int, int, int]) -> None:
        self.callouts.append(Callout(title, text, at, colour))

    def show_banner(self, label: str) -> None:
        self.banner = label
        self.banner_t = 0.9

    def pulse_morale(self, gain: bool) -> None:
        self.morale_pulse = 1.0
        self.morale_gain = gain

    def set_glow(self, v: float) -> None:
        self.glow = v

"""Watch a game again (issue 33): the game a code holds, replayed on the board with its animations and its log.

Play / Pause plays the decisions one after the other at the chosen speed (the top bar's 1x 2x 4x); Forward plays
the next decision at once, Back goes one decision back, Previous / Next turn jump to the start of a turn. Going
back replays the code from the start to that decision (every die is drawn from the seed: the same position,
exactly) and shows it as a game resumed there; Attack 1, 2 and 3 jump to the start of an Attack. Keys: Space
play/pause, Left and Right one decision, Page Up and Page Down a turn, 1, 2 and 3 an Attack, Esc back to where the
replay was opened from. A replay never saves and never scores.
"""

from __future__ import annotations

import pygame

from game import codes
from game.i18n import N_, _
from game.ui import scores
from game.ui.layout import BOTTOM
from game.ui.play.scene import PlayScene
from game.ui.scene import Context
from game.ui.scenes.highscores import DIFFICULTY_NAMES
from game.ui.widgets import Button, handle_buttons

STEP_WAIT = 0.5  # seconds between two decisions while playing (at 1x: the board is still for a moment)


def turn_starts(code: codes.GameCode) -> list[tuple[int, int, int]]:
    """The decisions each turn of the game starts at (its Attack and turn first seen), in order: (decision,
    Attack, turn)."""
    return codes.Replayed.of(code).turns


class ReplayScene(PlayScene):
    """A play scene whose decisions come from a game's code, ``at`` of them already taken."""

    name = "replay"
    demo = True  # never saves, never scores, no undo
    resumed_line = ""  # (a replay shown from a decision on is not a game resumed from the autosave)

    def __init__(self, ctx: Context, code: codes.GameCode, at: int = 0, playing: bool = False,
                 replayed: codes.Replayed | None = None) -> None:
        self.code = code
        self.at = max(0, min(at, len(code.decisions)))
        self.replayed = replayed if replayed is not None else codes.Replayed.of(code)
        super().__init__(ctx, self.replayed.game_at(code, self.at), fresh=self.at == 0)
        self.turns = self.replayed.turns
        self.playing = playing
        self.wait = STEP_WAIT
        self.replay_buttons = self._controls()

    # ---- a play scene that replays
    def _build_top(self) -> None:
        super()._build_top()
        self.top_buttons = [b for b in self.top_buttons if b.key not in ("Menu", "Hint", "Undo")]  # the speeds

    def save(self) -> str:
        return ""

    def record_score(self) -> tuple[scores.Tables, int | None]:
        return {}, None

    def show_results(self) -> None:
        self.results_shown = True  # the last decision played: the replay stops there
        self.playing = False

    def still(self) -> bool:
        return not self.playing and super().still()

    def prompt(self) -> str:
        difficulty = str(self.game.state.get("difficulty", "standard"))
        return _("REPLAY · game {seed} ({difficulty}) · decision {k} of {n}", seed=self.code.seed,
                 difficulty=_(DIFFICULTY_NAMES.get(difficulty, "Standard")), k=self.at, n=len(self.code.decisions))

    def caption(self) -> str:
        if self.game.over and self.game.result is not None:
            return _("The end: score {score}", score=self.game.result["score"])
        if self.at >= len(self.code.decisions):
            return _("The code ends here: the game went on no further when it was copied")
        return _("Playing") if self.playing else _("Paused: Space plays, the arrows step")

    def _controls(self) -> list[Button]:
        specs = [(N_("Step back"), self.back, N_("One decision back (Left)")),
                 (N_("Pause") if self.playing else N_("Play"), self.toggle, N_("Play or pause (Space)")),
                 (N_("Forward"), self.forward, N_("The next decision at once (Right)")),
                 (N_("Previous turn"), self.previous_turn, N_("The start of this turn, or the one before (Page Up)")),
                 (N_("Next turn"), self.next_turn, N_("The start of the next turn (Page Down)")),
                 (N_("Close"), self.close, N_("Leave the replay (Esc)"))]
        x, y = BOTTOM.x + 10, BOTTOM.bottom - 62
        buttons = []
        for label, action, tip in specs:  # all of them, the Attacks' too, left of the dice tray
            w = 160 if "turn" in label else 110 if label != "Close" else 100
            buttons.append(Button((x, y, w, 52), label, action, 20, tip=tip))
            x += w + 6
        end = self.at >= len(self.code.decisions)
        buttons[0].enabled = self.at > 0
        buttons[1].enabled = self.playing or not end
        buttons[2].enabled = buttons[4].enabled = not end
        buttons[3].enabled = self.at > 0
        x += 6
        for attack in (1, 2, 3):  # the start of each Attack the game reached
            start = self.attack_start(attack)

            def jump(at: int = start or 0) -> None:
                self.goto(at)
            buttons.append(Button((x, y, 100, 52), _("Attack {attack}", attack=attack), jump, 20,
                                  key=f"Attack {attack}",
                                  tip=_("The start of Attack {attack} (key {attack})", attack=attack) if start
                                  is not None else _("The game did not reach Attack {attack}", attack=attack),
                                  enabled=start is not None))
            x += 106
        return buttons

    def attack_start(self, attack: int) -> int | None:
        """The decision Attack ``attack`` starts at, None when the game did not reach it."""
        return next((k for k, a, _turn in self.turns if a == attack), None)

    # ---- moving through the game
    def goto(self, at: int, playing: bool = False) -> None:
        """Show the game after ``at`` decisions (replayed from the start: the same position exactly)."""
        at = max(0, min(at, len(self.code.decisions)))
        self.stack.replace(ReplayScene(self.ctx, self.code, at, playing, self.replayed))

    def back(self) -> None:
        self.goto(self.at - 1)

    def forward(self) -> None:
        if self.queue.busy:
            self.skip_animations()
        elif self.at < len(self.code.decisions) and not self.game.over:
            self.step()
            self.skip_animations()

    def step(self) -> None:
        """Play the next decision (with its animations)."""
        action = self.game.legal_actions()[self.code.decisions[self.at]]
        self.at += 1
        self.submit(action)
        self.replay_buttons = self._controls()

    def toggle(self) -> None:
        self.playing = not self.playing and self.at < len(self.code.decisions)
        self.wait = 0.0
        self.replay_buttons = self._controls()

    def previous_turn(self) -> None:
        earlier = [k for k, _a, _t in self.turns if k < self.at]
        self.goto(earlier[-1] if earlier else 0)

    def next_turn(self) -> None:
        later = [k for k, _a, _t in self.turns if k > self.at]
        self.goto(later[0] if later else len(self.code.decisions))

    def close(self) -> None:
        self.stack.pop(self)
        if not self.stack.scenes:
            self.stack.push(self.ctx.scenes.title())

    # ---- input and frame
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.positions.mouse = event.pos
        if self.summary is not None and self.summary.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_SPACE: self.toggle, pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward,
                    pygame.K_PAGEUP: self.previous_turn, pygame.K_PAGEDOWN: self.next_turn,
                    pygame.K_ESCAPE: self.close}
            attack = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3}.get(event.key)
            if event.key in keys:
                keys[event.key]()
            elif attack is not None and self.attack_start(attack) is not None:
                self.goto(self.attack_start(attack) or 0)
            return None
        if not self.log.handle(event, self.positions.mouse) and not handle_buttons(self.top_buttons, event):
            handle_buttons(self.replay_buttons, event)
        return None  # the board takes no choice: the code makes them

    def update(self, dt: float) -> None:
        super().update(dt)
        self.controller.buttons = self.replay_buttons  # the replay's controls in the bar, never the choices
        if self.playing and not self.queue.busy and (self.game.over or self.at >= len(self.code.decisions)):
            self.playing = False  # the last decision played: the replay stops there (Play is then greyed)
            self.replay_buttons = self._controls()
        if not self.playing or self.queue.busy or not self.synced or self.game.over:
            return
        self.wait -= dt * (self.queue.speed or 8.0)  # (Skip: no animations, a few decisions a second)
        if self.wait <= 0 and self.at < len(self.code.decisions):
            self.wait = STEP_WAIT
            self.step()

"""Turns the core's events into animation steps on the play scene's queue: slides along the tracks, blasts,
breaches, dice, strikes, casualties, the fire-truck finale. It drives the :class:`~game.ui.play.stage.Stage` it
is given (the scene only draws it); it reads events, never decides a rule, and knows nothing of the scene but
the callback it calls when the game is over."""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import Words, _
from game.rules import Event
from game.rules.kinds import EventKind
from game.ui import easing, palette
from game.ui.counters import CounterArt
from game.ui.effects import PLANKS, Debris, FallingCounter, Flames, GiveWay, MuzzleFlash, Particles, Strike, Tracer
from game.ui.layout import BUILDING, FLOOR_BANDS, FLOOR_X, bp, bs
from game.ui.play.reveal import FLY, READ_BEAT, READ_CARD, focus_of
from game.ui.play.stage import Stage
from game.ui.sound import SoundBank
from game.ui.tween import Anim, AnimQueue, Call, Deferred, Group, Sequence, Tween, Wait

READ_ROLL = 1.0  # real seconds the player's own last roll stays at rest before another roll replaces it

# The mix (issue 32): every effect file has the same loudness; the breach, the fire truck and the game's close are
# the loudest moments of the game, every other blow plays a step under them (each call may lower it further)
BLOWS = 0.7
MIX = {"breach": 1.0, "engine": 1.0, "fire": 1.0, "victory": 1.0, "defeat": 1.0}
SLIDE = 0.16  # seconds per space at 1x
HOP = 0.2  # seconds for the morale marker to hop one space at 1x
BEAT = 0.3  # the pause between a door giving way and the intruder dropping in
HIT_STOP = 0.08  # seconds a kill holds the screen still before the counter falls, at 1x (none: reduced motion)


SILENT = (EventKind.COUNTER_PLACED, EventKind.COUNTER_ADVANCED)  # narrated in the soft colour as their counters slide


def log_colour(kind: str) -> palette.Colour:
    """The colour of an event's line in the log (losses red, gains green, phases blue, bookkeeping soft)."""
    if kind in SILENT or kind in (EventKind.DEFENDER_ACTED, EventKind.MARKERS_REMOVED):
        return palette.INK_SOFT  # bookkeeping the board shows with its markers and slides
    if kind in (EventKind.CASUALTY, EventKind.BREACH, EventKind.BARRIER_DESTROYED, EventKind.MORALE_CHANGED,
                EventKind.GAME_OVER, EventKind.TACTIC_APPLIED):
        return palette.TARGET  # losses, and when a Tactics card changed a result
    if kind in (EventKind.COUNTER_REMOVED, EventKind.COUNTER_SUPPRESSED, EventKind.ESCAPED,
                EventKind.DEFENDER_RECOVERED):
        return palette.OK_GREEN
    if kind in (EventKind.PHASE_CHANGED, EventKind.ATTACK_STARTED, EventKind.TACTIC_REVEALED,
                EventKind.TACTICS_RESHUFFLED, EventKind.DECK_RESHUFFLED,
                EventKind.EXTENSION_OVER):
        return palette.POST_BLUE
    return palette.INK


@dataclass(frozen=True)
class Shot:
    """A defender's attack (4.2.1) as its events tell it: ``shooter`` fires at the enemy counter ``target``
    (thrown grenades fly no tracer)."""
    shooter: str
    target: str
    grenade: bool


def shots(events: list[Event]) -> dict[int, Shot]:
    """The attacks among ``events``, by the index of their roll: a defender takes the action
    (``defender_acted``), rolls (``dice_rolled``, 4.2.1), and the roll removes or misses a counter
    (``counter_removed`` or ``attack_missed``, which names it)."""
    out: dict[int, Shot] = {}
    shooter = ""
    for i, e in enumerate(events):
        if e.kind == EventKind.DEFENDER_ACTED:
            shooter = str(e.data["defender"])
        elif e.kind == EventKind.DICE_ROLLED and e.section == "4.2.1" and shooter:
            target = next((str(f.data["counter"]) for f in events[i + 1:]
                           if f.kind in (EventKind.COUNTER_REMOVED,
                                         EventKind.ATTACK_MISSED) and "counter" in f.data), "")
            if target:
                out[i] = Shot(shooter, target, "grenade" in str(e.data.get("why", "")))
    return out


class Animator:
    """Plays events on ``queue`` by moving ``stage``; ``on_game_over`` is called when the game-over event has
    played (the scene shows the results)."""

    def __init__(self, stage: Stage, art: CounterArt, queue: AnimQueue, sounds: SoundBank,
                 on_game_over: Callable[[], None]) -> None:
        self.stage = stage
        self.art = art
        self.queue = queue
        self.sounds = sounds
        self.on_game_over = on_game_over

    def play(self, events: list[Event]) -> None:
        """Queue the animation of each event; its steps are built when the queue reaches it (so they start from
        where the events before it left the stage)."""
        fired = shots(events)
        for i, e in enumerate(events):
            self.queue.add(Deferred(self._steps_for(e, fired.get(i))))

    def _steps_for(self, event: Event, shot: Shot | None) -> Callable[[], list[Anim]]:
        def build() -> list[Anim]:
            steps = self.steps(event, shot)
            focus = focus_of(event)
            if focus:  # the card shown lights the place as it acts there, and says what it did
                steps.insert(0, Call(lambda: self.stage.acts_at(focus, event.text)))
            return steps
        return build

    # ------------------------------------------------------------------ helpers
    def _narrate(self, event: Event) -> Call:
        def f() -> None:
            self.stage.log.add(Words(str, event), log_colour(event.kind))
            self.stage.view.apply(event)
        return Call(f)

    def _sound(self, name: str, volume: float = 1.0, at: tuple[float, float] | None = None) -> Call:
        return Call(lambda: self._play(name, volume, at))

    def _play(self, name: str, volume: float = 1.0, at: tuple[float, float] | None = None) -> None:
        """Effect ``name`` at ``volume`` of its place in the mix (MIX), placed in the stereo field by where it
        happens (``at``: a point of the screen)."""
        pan = 0.0 if at is None else max(-1.0, min(1.0, (at[0] - 960) / 900))
        self.sounds.play(name, volume * MIX.get(name, BLOWS), pan)

    def _weapon_sound(self, name: str) -> str:
        """What a defender's shot sounds like: the heaviest weapon token in his space (light machine gun,
        anti-tank rifle, rifle), else a rifle."""
        d = self.stage.view.state["defenders"].get(name)
        here = d["space"] if d else ""
        kinds = {tok.rstrip("0123456789") for tok, sp in self.stage.view.state["tokens"].items() if sp == here}
        return next((k for k in ("lmg", "atr", "rifle") if k in kinds), "rifle")

    def _banner(self, label: str) -> None:
        """A banner over the board (none at Skip speed: it would only flicker)."""
        if self.queue.speed == 0:
            return
        self.stage.show_banner(label)

    def _slide_enemy(self, event: Event) -> list[Anim]:
        st, at = self.stage, self.stage.positions
        cid, space = event.data["counter"], event.data["space"]
        start = at.enemy_pos(cid)
        stack = st.view.state["spaces"].get(space, [])
        n = len([c for c in stack if c != cid]) + 1
        end = at.geo.enemy_slot(space, n - 1, n)

        def setter(v: tuple[float, ...]) -> None:
            at.override[cid] = (v[0], v[1])

        dur = SLIDE if event.data.get("src") else SLIDE * 1.3
        return [self._narrate_silent(event, before=True), Call(lambda: st.ring("e:" + str(cid))),
                Call(lambda: self._play("slide", 0.35, start)),
                Tween(setter, end, dur, easing.in_out_quad, start_value=start),
                Call(lambda: self._arrive(event))]

    def _arrive(self, event: Event) -> None:
        self.stage.view.apply(event)
        self.stage.positions.override.pop(event.data["counter"], None)

    def _narrate_silent(self, event: Event, before: bool) -> Call:
        return Call(lambda: self.stage.log.add(Words(str, event), palette.INK_SOFT))

    def _gunfire(self, a: tuple[float, float], b: tuple[float, float], rounds: int, size: float = 1.0,
                 sound: str = "rifle") -> None:
        """A gun at ``a`` firing ``rounds`` at ``b``: flashes at the muzzle, tracer to the target, sparks there;
        ``sound``: the weapon's."""
        interval = 0.07
        travel = min(0.32, max(0.12, math.dist(a, b) / 2600))
        self.stage.effects.append(MuzzleFlash(a, b, rounds, interval, size))
        self.stage.effects.append(Tracer(a, b, travel, rounds, interval))
        self._play(sound, 1.0, a)

    def _give_way(self, entrance: str) -> list[Anim]:
        """The door (the basement's wall) at ``entrance`` gives way: flash, shake, the doorway torn open, planks
        or bricks flying in, dust; then the beat before anyone comes through."""
        st = self.stage
        pos = st.positions.geo.pos(f"entrance:{entrance}")
        bx, by, bw, bh = BUILDING
        cx, cy = bp(bx + bw / 2, by + bh / 2)
        inward = math.atan2(cy - pos[1], cx - pos[0])

        def burst() -> None:
            st.flash = 0.22
            st.shake.kick(12)
            st.effects.append(GiveWay(pos, inward, wall=entrance == "basement"))
            self._play("breach", 1.0, pos)
        return [Call(burst), Wait(BEAT)]

    # ------------------------------------------------------------------ per event
    def steps(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """The steps that show event ``e`` (built when the queue reaches it) by the builder of its family in
        :data:`BUILDERS`; the rest are narrated only. ``shot``: the attack whose roll ``e`` is (see :func:`shots`)."""
        build = BUILDERS.get(event.kind)
        return build(self, event, shot) if build is not None else [self._narrate(event)]

    # ------------------------------------------------------------------ the builders, one per event family
    def _missed(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """An attack that missed: a floor's strike (the howitzer, an infantry gun), dust by a counter, or words."""
        if "floor" in event.data:
            return self._floor_hit(event, shot)
        if "counter" in event.data:
            return self._missed_counter(event, shot)
        return [self._narrate(event)]

    def _placed(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A counter placed on its track: it appears at its placement space (3.1)."""
        st, at = self.stage, self.stage.positions
        data = event.data
        def spawn() -> None:
            st.log.add(Words(str, event), palette.INK_SOFT)
            st.view.apply(event)
            at.override[data["counter"]] = at.geo.waiting(data["space"])
        return [Call(spawn), Wait(0.06)]

    def _advanced(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A counter advancing along its track: it slides there."""
        return self._slide_enemy(event)

    def _car(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """An armored car placed or moved: it drives there, its engine heard."""
        st, at = self.stage, self.stage.positions
        data = event.data
        car = data["car"]
        start = at.car_pos(car) if car in st.view.state["cars"] else at.geo.pos(data["space"])
        end = at.geo.pos(data["space"])

        def set_car(v: tuple[float, ...]) -> None:
            at.override["car:" + car] = (v[0], v[1])
        return [self._sound("engine", 0.5, end), Tween(set_car, end, SLIDE * 2, easing.in_out_quad,
                                                   start_value=start),
                self._narrate(event), Call(lambda: at.override.pop("car:" + car, None))]

    def _card(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """An enemy card revealed: it flies from its deck to the street, face up, and is read before it acts."""
        st = self.stage
        data = event.data
        card = str(data["card"])

        def set_k(v: tuple[float, ...]) -> None:
            st.shown_k = v[0]
        return [self._narrate(event), Call(st.flip_card), Call(lambda: st.show_card(card)),
                self._sound("card", 0.8), Tween(set_k, (1.0,), FLY, easing.out_cubic, start_value=(0.0,)),
                Wait(READ_CARD)]

    def _barrier(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A barrier blown by a grenade bundle: debris, smoke and a jolt."""
        st, at = self.stage, self.stage.positions
        data = event.data
        b = data["barrier"]
        x, y = at.rules.barriers[b]
        pos = bp(x, y)

        def blast() -> None:
            st.effects.append(Debris(pos))
            st.effects.append(Particles(pos, 22, (176, 160, 130), speed=110, life=1.6, size=8, grow=26,
                                        gravity=-12))
            st.effects.append(Strike(pos))
            st.shake.kick(9)
            self._play("bundle", 1.0, pos)
            self._play("barrier", 0.7, pos)
        return [self._narrate(event), Call(blast), Wait(0.55)]

    def _breach(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A breach (3.1.2): the charge at the door, the door gives way, the beat; counter_entered drops them in."""
        st, at = self.stage, self.stage.positions
        data = event.data
        cid = data["counter"]
        ent = at.geo.pos(f"entrance:{data['entrance']}")
        start = at.enemy_pos(cid)

        def set_c(v: tuple[float, ...]) -> None:
            at.override[cid] = (v[0], v[1])

        # the charge at the door (speeding up), the door gives way, the beat; counter_entered drops them in
        words = event.text
        return [Tween(set_c, ent, SLIDE * 1.4, easing.in_quad, start_value=start), self._narrate(event),
                Call(lambda: st.call_out(_("BREACH"), words, ent,
                                         palette.TARGET)), *self._give_way(str(data["entrance"]))]

    def _entered(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A counter through the door: it drops onto its pile inside with a bounce and a thud of dust."""
        st, at = self.stage, self.stage.positions
        data = event.data
        cid, floor = data["counter"], data["floor"]
        end = at.landing(floor, cid)  # on the pile of its kind in the box, or a new pile
        start = (end[0], end[1] - 120)

        def set_c2(v: tuple[float, ...]) -> None:
            at.override[cid] = (v[0], v[1])

        def land() -> None:  # the first touch of the bounce: a thud of dust under the counter
            st.effects.append(Particles((end[0], end[1] + 18), 12, (160, 144, 120), speed=110, life=0.7,
                                        size=4, grow=12, gravity=-20, direction=-math.pi / 2, spread=2.6))
            st.shake.kick(4, 0.2)
        def burst_in() -> None:  # the door seen from inside: splinters and dust where they come through
            st.effects.append(Debris(start, 8, direction=math.pi / 2, spread=2.2, colours=PLANKS, speed=260,
                                     life=1.0))
            st.effects.append(Particles(start, 14, (176, 158, 128), speed=120, life=0.9, size=6, grow=20,
                                        gravity=-10))
        # then the breach's beat: its callout is read before the enemy goes on
        return [self._narrate(event), Call(lambda: set_c2(start)), Call(burst_in),
                Group(Tween(set_c2, end, 0.45, easing.out_bounce, start_value=start),
                      Sequence(Wait(0.45 * 0.36), Call(land))),
                Call(lambda: at.override.pop(cid, None)), Wait(READ_BEAT)]

    def _dice(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """Dice rolled: they tumble in the tray, and an attack fires (or a grenade bursts) as they do."""
        st, at = self.stage, self.stage.positions
        data = event.data
        good = int(data.get("target", 0))  # the number a die must reach (0: a placement die)

        tumble = 0.28 if data.get("why") == "placement" else 0.4
        hold: list[Anim] = []
        if st.tray.mine and st.tray.values and st.tray.rested < READ_ROLL and self.queue.speed > 0:
            # the player's own last roll stays in sight READ_ROLL real seconds before another replaces it (the
            # playtest, at 4x, never saw whether the attack that ended its actions hit)
            hold.append(Wait((READ_ROLL - st.tray.rested) * self.queue.speed))

        def roll() -> None:
            st.tray.roll(list(data["dice"]), event.said, good, tumble)
            st.tray.mine = shot is not None
            self._play("suppression" if event.section == "4.2.2" else "dice", 0.6)
            if shot is not None and not shot.grenade:  # the attack fires as its dice tumble
                self._gunfire(at.defender_pos(shot.shooter), at.enemy_pos(shot.target), 3,
                              sound=self._weapon_sound(shot.shooter))
            elif shot is not None:  # a grenade bursts on its target
                self._play("grenade", 1.0, at.enemy_pos(shot.target))
        return [*hold, self._narrate(event), Call(roll), Wait(tumble + 0.08, on_done=st.tray.finish)]

    def _support_fire(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A support weapon fires at its target space."""
        st, at = self.stage, self.stage.positions
        data = event.data
        a = at.geo.pos(data["space"])
        b = at.geo.pos(data["target"])

        counter = st.view.state["counters"].get(str(data["counter"]), {})
        gun = "infantry_gun" if str(counter.get("type", "")).startswith("ig") else "hmg"

        def fire() -> None:
            st.ring("fire:" + str(data["counter"]))
            self._gunfire(a, b, 5, 1.3, sound=gun)
        return [self._narrate(event), Call(fire), Wait(0.45), Call(lambda: st.effects.append(Strike(b, False)))]

    def _floor_hit(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A floor struck (the howitzer, an infantry gun): a strike and smoke, its defense value sliding."""
        st = self.stage
        kind, data = event.kind, event.data
        floor = data["floor"]
        y0, y1 = FLOOR_BANDS[floor]
        spot = zlib.crc32(f"{kind}{sorted(data.items())}".encode()) % 500  # from the event's data: same in every run
        pos = bp(FLOOR_X[0] + 300 + spot, (y0 + y1) / 2)
        old = float(st.view.state["defense"][floor])

        def strike() -> None:
            st.effects.append(Strike(pos))
            st.effects.append(Particles(pos, 14, palette.SMOKE, speed=60, life=1.4, size=7, grow=22, gravity=-30))
            st.shake.kick(6)
            if event.section == "3.3":  # the howitzer's shell (an infantry gun's impact is in its own sound)
                self._play("howitzer", 1.0, pos)
        steps: list[Anim] = [Call(strike)]
        if kind == EventKind.DEFENSE_SHIFTED:
            def set_def(v: tuple[float, ...]) -> None:
                st.defense_drawn[floor] = v[0]
            steps.append(Tween(set_def, (float(data["index"]),), 0.35, easing.out_back, start_value=(old,)))
        steps.append(self._narrate(event))
        steps.append(Wait(0.2))
        return steps

    def _casualty(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A defender falls: his counter drops, with a callout."""
        st, at = self.stage, self.stage.positions
        data = event.data
        name = data["defender"]

        words = event.text

        def fall() -> None:
            pos = at.defender_pos(name)
            self._play("casualty", 1.0, pos)
            dd = st.view.state["defenders"][name]
            img = self.art.defender(name, dd["exhausted"], dd["disrupted"])
            st.effects.append(FallingCounter(img, pos))
            st.call_out(_("CASUALTY"), words, pos, palette.TARGET)
        return [Call(fall), self._narrate(event), Wait(READ_BEAT)]

    def _morale(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """Morale changes: the marker hops along the track."""
        data = event.data
        down = int(data["new"]) < int(data["old"])
        return [self._narrate(event), self._sound("morale_down" if down else "morale_up", 0.8),
                *self.morale_hops(int(data["old"]), int(data["new"]))]

    def _defender_moved(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A defender moves (4.1): his counter slides to the new space."""
        st, at = self.stage, self.stage.positions
        data = event.data
        name = data["defender"]
        start = at.defender_pos(name)
        space = data["space"]
        n = len([x for x, v in st.view.state["defenders"].items() if v["status"] == "board" and
                 v["space"] == space]) + 1
        end = at.geo.defender_slot(space, n - 1, n)

        def set_dpos(v: tuple[float, ...]) -> None:
            at.override["d:" + name] = (v[0], v[1])
        return [Tween(set_dpos, end, 0.28, easing.in_out_quad, start_value=start), self._narrate(event),
                Call(lambda: at.override.pop("d:" + name, None))]

    def _counter_removed(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """An enemy counter removed: struck (a hit and a moment's stop), then it falls."""
        st, at = self.stage, self.stage.positions
        data = event.data
        cid = data["counter"]
        struck = event.section == "4.2.1"  # struck down by an attack or a grenade

        def hit() -> None:  # a hit flares on it, and the blow holds the screen still for a moment
            c = st.view.state["counters"].get(cid)
            if c:
                st.effects.append(Strike(at.enemy_pos(cid), False))
                st.hit_stop(HIT_STOP)

        def gone() -> None:  # then it falls
            pos = at.enemy_pos(cid)
            c = st.view.state["counters"].get(cid)
            if c:
                st.effects.append(FallingCounter(self.art.enemy(c["type"], c["name"], c["disrupted"]), pos))
                st.effects.append(Particles(pos, 8, palette.SMOKE, speed=40, life=0.8, size=5, grow=12))
        stop: list[Anim] = [Call(hit), Wait(HIT_STOP)] if struck and not st.reduced else []
        return [*stop, Call(gone), self._narrate(event), Wait(0.2)]

    def _suppressed(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A counter suppressed (4.2.2): a spark of covering fire on it."""
        st, at = self.stage, self.stage.positions
        data = event.data
        cid = data["counter"]
        return [Call(lambda: st.effects.append(Particles(at.enemy_pos(cid), 10, palette.HIGHLIGHT, speed=60,
                                                          life=0.7, size=4, grow=8))),
                self._narrate(event), Wait(0.2)]

    def _suppression_fire(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """Suppression placed: a burst of covering fire into the space."""
        at = self.stage.positions
        data = event.data
        name, target = data["defender"], at.geo.pos(data["space"])
        gun = "lmg" if self._weapon_sound(name) == "lmg" else "smg"
        return [self._narrate(event), Call(lambda: self._gunfire(at.defender_pos(name), target, 5, sound=gun)),
                Wait(0.3)]

    def _missed_counter(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A missed attack on a counter: the shots kick up dust by it (or by its target space)."""
        st, at = self.stage, self.stage.positions
        data = event.data
        pos = at.geo.pos(data["space"]) if "space" in data else at.enemy_pos(data["counter"])
        miss = (pos[0] + 14, pos[1] + 10)
        return [Call(lambda: st.effects.append(Particles(miss, 10, (170, 152, 124), speed=70, life=0.8,
                                                         size=4, grow=12, gravity=-25))),
                self._narrate(event)]

    def _phase(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A new phase or Attack: the card leaves the street and a banner names it."""
        st = self.stage
        label = event.text
        return [Call(st.retire_card), self._narrate(event), Call(lambda: self._banner(label)), Wait(0.3)]

    def _fire_truck(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """The fire truck arrives: a banner and its engine."""
        return [self._narrate(event), Call(lambda: self._banner(_("The fire truck arrives"))),
                self._sound("engine"), Wait(0.6)]

    def _attack_ended(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """The end of an Attack."""
        return [self._narrate(event), self._sound("attack_end", 0.8)]

    def _tactic_revealed(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A Tactics card dealt into play: it flips face up beside the board."""
        st = self.stage
        data = event.data
        cid = str(data["card"])

        def deal() -> None:
            t = st.view.state.get("tactics")
            if t is not None:
                for pile in t["decks"].values():
                    if cid in pile:
                        pile.remove(cid)
                if cid not in t["in_play"]:
                    t["in_play"].insert(0, cid)
            st.tactic_flip[cid] = 0.0
            self._play("card", 0.7)

        def set_flip(v: tuple[float, ...]) -> None:
            st.tactic_flip[cid] = v[0]
        return [self._narrate(event), Call(deal), Tween(set_flip, (1.0,), 0.55, easing.out_cubic,
                                                    start_value=(0.0,)), Wait(0.35)]

    def _tactic_discarded(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A Tactics card discarded: it fades from play."""
        st = self.stage
        data = event.data
        cid = str(data["card"])

        def set_fade(v: tuple[float, ...]) -> None:
            st.tactic_flip[cid] = v[0]

        def discard() -> None:
            t = st.view.state.get("tactics")
            if t is not None and cid in t["in_play"]:
                t["in_play"].remove(cid)
            st.tactic_flip.pop(cid, None)
        return [self._narrate(event), Tween(set_fade, (0.0,), 0.35, easing.in_quad, start_value=(1.0,)),
                Call(discard)]

    def _tactics_reshuffled(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A Tactics deck reshuffled: a banner says so."""
        data = event.data
        return [self._narrate(event), Call(lambda: self._banner(_("Attack {attack} Tactics deck reshuffled",
                                                                attack=data.get("attack")))), Wait(0.4)]

    def _tactic_applied(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A Tactics card changed a result: it flashes, with a banner naming it."""
        st = self.stage
        data = event.data
        cards = [str(c) for c in data.get("cards", [data.get("card")]) if c]
        name = _(str(data.get("name", "Tactics card")))

        def flash() -> None:
            for c in cards:
                st.tactic_flash[c] = 1.0
            self._banner(_("Tactics card: {card}", card=name))
        return [self._narrate(event), Call(flash), Wait(0.5)]

    def _game_over(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """The end of the game: the finale, then the results."""
        st = self.stage
        data = event.data
        close = "victory" if data.get("outcome") == "win" else "defeat" if data.get("outcome") == "loss" else \
            "attack_end"
        return [Call(st.retire_card), self._narrate(event), *self.finale(data.get("how") == "fire_truck"),
                self._sound(close), Call(self.on_game_over)]

    def _escaped(self, event: Event, shot: Shot | None = None) -> list[Anim]:
        """A defender escapes (6.0): his counter leaves the board."""
        st, at = self.stage, self.stage.positions
        data = event.data
        name = data["defender"]

        def run_away() -> None:
            pos = at.defender_pos(name)
            self._play("escape", 0.9, pos)
            dd = st.view.state["defenders"][name]
            st.effects.append(FallingCounter(self.art.defender(name, dd["exhausted"], dd["disrupted"]), pos))
        return [Call(run_away), self._narrate(event), Wait(0.2)]

    def morale_hops(self, old: int, new: int) -> list[Anim]:
        """The morale marker hops from ``old`` to ``new`` one space at a time: a little arc each, and a pulse of
        red (a loss) or green (a gain) on the space it lands on."""
        st = self.stage
        step = 1 if new > old else -1
        n = abs(new - old)
        hop = HOP if n <= 4 else max(0.08, HOP * 4 / n)  # a long fall keeps to about a second
        out: list[Anim] = []
        for v in range(old, new, step):
            def set_hop(p: tuple[float, ...], v: int = v) -> None:
                st.morale_drawn = v + step * easing.in_out_quad(p[0])
                st.morale_lift = math.sin(math.pi * p[0]) * 16

            def landed(v: int = v + step, last: bool = v + step == new) -> None:
                st.morale_drawn = float(v)
                st.morale_lift = 0.0
                if self.queue.speed != 0:
                    st.pulse_morale(step > 0)
                    if last:  # the marker lands with a thud
                        self._play("thud", 0.8)
                        st.shake.kick(3, 0.15)
            out += [Tween(set_hop, (1.0,), hop, start_value=(0.0,)), Call(landed)]
        return out

    def finale(self, truck: bool) -> list[Anim]:
        """The end of the day; with the fire truck: it drives up, sprays, and the building burns and glows."""
        st = self.stage
        if not truck:
            return [Wait(1.0)]
        bx, by, bw, bh = BUILDING
        building = pygame.Rect(*bp(bx, by), bs(bw), bs(bh))
        # it parks beside the building's left wall, in the open (the front is crowded with the assault's
        # counters), and sprays the wall
        start = (-140.0, building.centery - 30.0)
        end = (building.x - 80.0, building.centery - 30.0)
        floors = [pygame.Rect(*bp(FLOOR_X[0], y0), bs(FLOOR_X[1] - FLOOR_X[0]), bs(y1 - y0))
                  for (y0, y1) in FLOOR_BANDS.values()]

        def set_truck(v: tuple[float, ...]) -> None:
            st.truck = (v[0], v[1])

        def spray() -> None:
            st.effects.append(Particles((end[0] + 40, end[1] - 24), 70, (150, 190, 230), speed=330, life=1.0,
                                        size=3, grow=5, gravity=320, direction=-0.35, spread=0.45, alpha=230))

        def burn() -> None:
            st.effects.append(Flames(building, 5.0))
            for r in floors:
                st.effects.append(Flames(r, 5.0))
            self._play("fire")
            st.shake.kick(5, 0.6)
        return [Call(lambda: self._play("engine")), Call(lambda: set_truck(start)),
                Tween(set_truck, end, 1.6, easing.out_cubic, start_value=start),
                Call(spray), Wait(0.5), Call(spray), Call(burn), Wait(0.6), Call(spray),
                Group(Wait(2.4, tick=lambda k: st.set_glow(math.sin(k * math.pi))))]


Builder = Callable[[Animator, Event, "Shot | None"], list[Anim]]
BUILDERS: dict[str, Builder] = {  # the steps of each kind of event that shows more than its words
    EventKind.COUNTER_PLACED: Animator._placed, EventKind.COUNTER_ADVANCED: Animator._advanced,
    EventKind.CAR_PLACED: Animator._car, EventKind.CAR_MOVED: Animator._car, EventKind.CARD_REVEALED: Animator._card,
    EventKind.BARRIER_DESTROYED: Animator._barrier, EventKind.BREACH: Animator._breach,
    EventKind.COUNTER_ENTERED: Animator._entered, EventKind.DIE_ROLLED: Animator._dice,
    EventKind.DICE_ROLLED: Animator._dice, EventKind.SUPPORT_TARGETS: Animator._support_fire,
    EventKind.DEFENSE_SHIFTED: Animator._floor_hit, EventKind.FLOOR_DISRUPTED: Animator._floor_hit,
    EventKind.ATTACK_MISSED: Animator._missed, EventKind.CASUALTY: Animator._casualty,
    EventKind.MORALE_CHANGED: Animator._morale, EventKind.DEFENDER_MOVED: Animator._defender_moved,
    EventKind.COUNTER_REMOVED: Animator._counter_removed, EventKind.COUNTER_SUPPRESSED: Animator._suppressed,
    EventKind.SUPPRESSION_PLACED: Animator._suppression_fire, EventKind.PHASE_CHANGED: Animator._phase,
    EventKind.ATTACK_STARTED: Animator._phase, EventKind.FIRE_TRUCK: Animator._fire_truck,
    EventKind.ATTACK_ENDED: Animator._attack_ended, EventKind.TACTIC_REVEALED: Animator._tactic_revealed,
    EventKind.TACTIC_DISCARDED: Animator._tactic_discarded, EventKind.TACTICS_RESHUFFLED: Animator._tactics_reshuffled,
    EventKind.TACTIC_APPLIED: Animator._tactic_applied, EventKind.GAME_OVER: Animator._game_over,
    EventKind.ESCAPED: Animator._escaped,
}


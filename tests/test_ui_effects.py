"""The effects worth watching: particle fire and smoke for the finale, the breach's own beat, muzzle flashes and
tracer for fire at a space, the morale marker stepping space by space; all deterministic and skippable."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from helpers import load_tool

from game.rules import Event
from game.ui.app import App
from game.ui.effects import Debris, Effect, Flames, GiveWay, MuzzleFlash, Tracer
from game.ui.play.animator import BEAT, Shot, shots
from game.ui.play.scene import PlayScene

DT = 1 / 60
SEED = 19  # its game breaches the side entrance on turn 5 and ends with the fire truck

bench = load_tool("bench_frames")


@pytest.fixture()
def play(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> tuple[App, PlayScene]:
    app, scene = open_play(SEED, "standard")
    scene.set_speed(1.0)
    app.step(DT, [], draw=False)
    scene.skip_animations()
    app.step(DT, [], draw=False)
    return app, scene


def drive(app: App, scene: PlayScene, until: Callable[[list[Event]], bool], limit: int = 400) -> list[Event]:
    """Play the game at Skip speed (:func:`choose` decides) until a decision's events satisfy ``until``; those
    events are then queued at 1x and returned (nothing of them has played yet)."""
    caught: list[Event] = []
    original = scene.animator.play

    def spy(events: list[Event]) -> None:
        if not caught and until(events):
            caught.extend(events)
            scene.queue.speed = 1.0
        original(events)
    scene.animator.play = spy  # type: ignore[method-assign]
    scene.queue.speed = 0.0
    for _ in range(limit):
        app.step(DT, [], draw=False)
        if caught:
            return caught
        if not scene.queue.busy and scene.game.decision and not scene.game.over:
            scene.submit(bench.choose(scene.game))
    raise AssertionError("no such decision in the game")


def frames(app: App, n: int) -> Iterator[int]:
    for i in range(n):
        app.step(DT, [], draw=False)
        yield i


def fingerprint(effects: list[Effect]) -> str:
    """Everything an effect will draw, rounded (two runs must agree to the hundredth of a pixel)."""
    def plain(v: Any) -> Any:
        if isinstance(v, float):
            return round(v, 2)
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        if isinstance(v, Effect):
            return fingerprint([v])
        return v
    out = []
    for e in effects:
        state = {k: plain(v) for k, v in vars(e).items() if isinstance(v, (float, int, list, tuple))}
        if isinstance(e, Debris):
            state["bodies"] = [plain(tuple(b.position)) for b, *_rest in e.bodies]
        out.append(f"{type(e).__name__}{sorted(state.items(), key=lambda kv: kv[0])}")
    return "|".join(out)


# ------------------------------------------------------------------ fire
def test_flames_are_particles_that_flare_up_cool_and_die_out(monkeypatch: pytest.MonkeyPatch) -> None:
    flames = Flames(pygame.Rect(100, 100, 400, 260), life=3.0)
    surface = pygame.Surface((700, 500))
    surface.fill((128, 128, 128))

    def no_polygons(*args: object, **kwargs: object) -> None:
        raise AssertionError("the fire draws no flat shapes")
    monkeypatch.setattr(pygame.draw, "polygon", no_polygons)
    counts = []
    for i in range(int(6.0 / DT)):
        flames.update(DT)
        counts.append(flames.particles())
        if i == int(1.6 / DT):
            flames.draw(surface, (0, 0))
    early, full = counts[int(0.4 / DT)], max(counts)
    assert 0 < early < full, "the fire flares up"
    assert full >= 60 and len(flames.flames) <= Flames.MAX_FLAMES
    assert counts[int(3.2 / DT)] < full, "the fire dies down"
    assert flames.done and counts[-1] == 0, "nothing left after its life"
    data = pygame.image.tobytes(surface, "RGB")
    pixels = set(zip(data[0::3], data[1::3], data[2::3], strict=True))
    assert any(r > 240 and g > 200 for r, g, _b in pixels), "yellow-white at the heart"
    assert any(r > 90 and r > 2 * g and r > 2 * b for r, g, b in pixels), "dark red where it cools"
    assert any(r < 90 and abs(r - g) < 12 and abs(g - b) < 12 for r, g, b in pixels), "grey smoke"


def test_the_finale_sets_the_building_and_the_floors_on_fire(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    scene.queue.add(*scene.animator.finale(True))
    seen: dict[int, int] = {}
    for _ in frames(app, int(3.5 / DT)):
        for f in scene.stage.effects:
            if isinstance(f, Flames):
                seen[id(f)] = max(seen.get(id(f), 0), f.particles())
    assert len(seen) == 4  # the building outside and the three floors inside
    assert min(seen.values()) > 30


# ------------------------------------------------------------------ breach
def test_the_door_gives_way_then_a_beat_then_the_intruder_drops_in(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    events = drive(app, scene, lambda ev: any(e.kind == "breach" for e in ev))
    breach = next(e for e in events if e.kind == "breach")
    cid = breach.data["counter"]
    entrance = scene.positions.geo.pos(f"entrance:{breach.data['entrance']}")
    t = 0.0
    gave_way: float | None = None
    dropped: float | None = None
    for _ in frames(app, 600):
        t += DT
        way = [e for e in scene.stage.effects if isinstance(e, GiveWay)]
        if way and gave_way is None:
            gave_way = t
            assert math.dist(way[0].pos, entrance) < 1
            assert any(isinstance(p, Debris) for p in way[0].parts), "planks fly"
        where = scene.positions.override.get(cid)
        if where is not None and math.dist(where, entrance) > 150 and dropped is None:
            dropped = t
        if not scene.queue.busy:
            break
    assert gave_way is not None and dropped is not None
    assert dropped - gave_way >= BEAT * 0.9, "the beat: the dust hangs before anyone comes through"
    assert dropped - gave_way < BEAT + 0.3, "... and it reads as one moment"


# ------------------------------------------------------------------ fire at a space
def test_an_attack_flashes_at_the_shooter_and_its_tracer_ends_at_the_target(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    events = drive(app, scene, lambda ev: any(e.kind == "dice_rolled" and e.section == "4.2.1"
                                              and "grenade" not in e.text for e in ev))
    fired = shots(events)
    assert fired
    shot = next(iter(fired.values()))
    assert isinstance(shot, Shot) and shot.shooter in scene.game.state["defenders"]
    for _ in frames(app, 300):
        flashes = [e for e in scene.stage.effects if isinstance(e, MuzzleFlash)]
        if flashes:
            tracer = next(e for e in scene.stage.effects if isinstance(e, Tracer))
            assert math.dist(flashes[0].pos, scene.positions.defender_pos(shot.shooter)) < 1
            assert math.dist(tracer.a, flashes[0].pos) < 1
            assert math.dist(tracer.b, scene.positions.enemy_pos(shot.target)) < 1
            assert flashes[0].rounds == tracer.rounds > 1
            break
    else:
        raise AssertionError("no muzzle flash")


def test_support_fire_shoots_from_its_space_at_the_target_space(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    events = drive(app, scene, lambda ev: any(e.kind == "support_targets" for e in ev))
    fire = next(e for e in events if e.kind == "support_targets")
    geo = scene.positions.geo
    gun, target = geo.pos(fire.data["space"]), geo.pos(fire.data["target"])
    for _ in frames(app, 1200):  # (the same decision may hold a defender's attack too)
        flashes = [e for e in scene.stage.effects if isinstance(e, MuzzleFlash) and math.dist(e.pos, gun) < 1]
        if flashes:
            tracer = next(e for e in scene.stage.effects if isinstance(e, Tracer) and math.dist(e.a, gun) < 1)
            assert math.dist(tracer.b, target) < 1
            for _ in frames(app, 60):
                pass
            assert tracer.landed == tracer.rounds > 1
            return
    raise AssertionError("no muzzle flash at the machine gun")


def test_shots_pair_each_attack_roll_with_its_shooter_and_target() -> None:
    events = [Event("defender_acted", "4.2", "", {"defender": "Po.3", "exhausted": True}),
              Event("dice_rolled", "4.2.1", "", {"dice": [2], "why": "Po.3 attacking the rifleman", "target": 4}),
              Event("attack_missed", "4.2.1", "", {"defender": "Po.3", "counter": "c7"}),
              Event("defender_acted", "4.2", "", {"defender": "Tr.1", "exhausted": True}),
              Event("dice_rolled", "4.2.1", "", {"dice": [5], "why": "Tr.1's grenade at the SS", "target": 4}),
              Event("counter_removed", "4.2.1", "", {"counter": "c9", "unit": "SS", "space": "x"}),
              Event("dice_rolled", "3.2.2", "", {"dice": [6], "why": "the machine gunner", "target": 4})]
    assert shots(events) == {1: Shot("Po.3", "c7", False), 4: Shot("Tr.1", "c9", True)}


# ------------------------------------------------------------------ morale
def test_the_morale_marker_hops_through_every_space(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    st = scene.stage
    st.morale_drawn = 8.0
    scene.queue.add(*scene.animator.morale_hops(8, 5))
    trail: list[tuple[float, float, float]] = []
    for _ in range(400):
        app.step(1 / 240, [], draw=False)
        trail.append((st.morale_drawn, st.morale_lift, st.morale_pulse))
        if not scene.queue.busy:
            break
    assert st.morale_drawn == 5.0 and st.morale_lift == 0
    drawn = [v for v, _l, _p in trail]
    assert all(b <= a + 1e-9 for a, b in zip(drawn, drawn[1:], strict=False)), "always down, never back"
    for v in (7, 6, 5):
        assert any(abs(d - v) < 0.02 and lift < 1 and pulse > 0.7 for d, lift, pulse in trail), \
            f"lands on {v} with a pulse"
    for v in (7.5, 6.5, 5.5):
        assert max(lift for d, lift, _p in trail if abs(d - v) < 0.2) > 10, f"in the air over {v}"
    assert not st.morale_gain
    app.ctx.stack.draw(app.display.logical)  # the hud draws the pulsing marker


# ------------------------------------------------------------------ skipping and determinism
def test_skipping_leaves_no_effect_on_screen(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    scene.queue.add(*scene.animator.finale(True), *scene.animator.morale_hops(6, 3))
    for _ in frames(app, int(2.6 / DT)):
        pass
    assert any(isinstance(e, Flames) for e in scene.stage.effects)
    scene.skip_animations()
    app.step(DT, [])
    st = scene.stage
    assert not st.effects and st.flash == 0 and st.glow == 0 and st.shake.t == 0
    assert st.morale_pulse == 0 and st.morale_lift == 0 and st.morale_drawn == 3.0
    assert not scene.queue.busy


def test_skip_speed_shows_no_effect(play: tuple[App, PlayScene]) -> None:
    app, scene = play
    drive(app, scene, lambda ev: any(e.kind == "breach" for e in ev))
    scene.set_speed(0.0)
    for _ in frames(app, 3):
        assert not scene.stage.effects and scene.stage.morale_pulse == 0


def test_the_same_events_draw_the_same_effects(open_play: Callable[[int, str], tuple[App, PlayScene]]) -> None:
    runs = []
    for _ in range(2):
        app, scene = open_play(SEED, "standard")
        scene.set_speed(1.0)
        prints = []
        for i in range(2400):
            app.step(DT, [], draw=i % 40 == 0)
            if i % 4 == 0:
                prints.append(fingerprint(scene.stage.effects))
            if not scene.queue.busy and scene.game.decision and not scene.game.over:
                scene.submit(bench.choose(scene.game))
        scene.queue.add(*scene.animator.finale(True))
        for _ in range(200):
            app.step(DT, [], draw=False)
            prints.append(fingerprint(scene.stage.effects))
        runs.append(prints)
    assert sum(1 for p in runs[0] if p) > 100, "effects were drawn"
    assert runs[0] == runs[1]


def test_at_most_four_blasts_fly_at_once(open_play: Any) -> None:
    """A replay at 4x through a busy Enemy Phase had a dozen blasts in flight (a 254 ms frame, issue 36): the
    stage keeps the newest :data:`MAX_BLASTS`, every other effect as it was."""
    from game.ui.effects import Debris, GiveWay, Particles
    from game.ui.play.stage import MAX_BLASTS

    _app, scene = open_play(3, "standard")
    stage = scene.stage
    stage.effects.clear()
    blasts = [Debris((400.0 + 10 * i, 300.0)) if i % 2 else GiveWay((400.0, 300.0 + 10 * i), 0.5) for i in range(10)]
    dust = Particles((500.0, 500.0), 12, (160, 144, 120))
    stage.effects.extend([*blasts, dust])
    stage.update(1 / 60, 1.0)
    assert MAX_BLASTS == 4 and stage.effects == [*blasts[-MAX_BLASTS:], dust]

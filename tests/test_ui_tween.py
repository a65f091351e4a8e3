"""Tweens and the animation queue, stepped by hand."""

from __future__ import annotations

import pytest

from game.ui import easing
from game.ui.tween import Anim, AnimQueue, Call, Group, Sequence, Tween, Wait


def test_easings_start_at_0_and_end_at_1() -> None:
    for f in (easing.linear, easing.in_quad, easing.out_quad, easing.in_out_quad, easing.out_cubic,
              easing.in_out_sine, easing.out_back, easing.out_bounce):
        assert f(0.0) == pytest.approx(0.0, abs=1e-9)
        assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_steps_by_hand() -> None:
    seen: list[tuple[float, ...]] = []
    t = Tween(seen.append, (10.0, 20.0), 1.0, start_value=(0.0, 0.0))
    t.update(0.25)
    assert seen[-1] == pytest.approx((2.5, 5.0))
    t.update(0.5)
    assert seen[-1] == pytest.approx((7.5, 15.0))
    assert not t.done
    t.update(0.5)
    assert t.done and seen[-1] == (10.0, 20.0)


def test_tween_reads_its_start_lazily_and_finish_skips() -> None:
    value = [3.0]
    done: list[bool] = []
    t = Tween(lambda v: value.__setitem__(0, v[0]), (5.0,), 2.0, easing.in_out_quad,
              getter=lambda: (value[0],), on_done=lambda: done.append(True))
    value[0] = 4.0  # changed before the tween starts: it starts from here
    t.update(1.0)
    assert value[0] == pytest.approx(4.5)
    t.finish()
    assert value[0] == 5.0 and t.done and done == [True]
    t.finish()
    assert done == [True]  # on_done once


def test_tween_delay() -> None:
    seen: list[tuple[float, ...]] = []
    t = Tween(seen.append, (1.0,), 1.0, start_value=(0.0,), delay=0.5)
    t.update(0.4)
    assert seen == []
    t.update(0.6)
    assert seen[-1] == pytest.approx((0.5,))


def test_sequence_group_and_queue_speed_and_skip() -> None:
    order: list[str] = []
    q = AnimQueue()
    q.add(Call(lambda: order.append("a")), Wait(1.0, on_done=lambda: order.append("wait")),
          Group(Wait(0.5, on_done=lambda: order.append("g1")), Wait(1.0, on_done=lambda: order.append("g2"))),
          Call(lambda: order.append("end")))
    assert q.busy
    q.speed = 2.0
    q.update(0.25)  # 0.5 s of animation
    assert order == ["a"]
    q.update(0.25)
    assert order == ["a", "wait"]
    q.update(0.25)
    assert order == ["a", "wait", "g1"]
    q.skip()
    assert order == ["a", "wait", "g1", "g2", "end"] and not q.busy


def test_sequence_runs_steps_in_order_within_one_update() -> None:
    order: list[int] = []
    seq = Sequence(Call(lambda: order.append(1)), Call(lambda: order.append(2)), Wait(0.1),
                   Call(lambda: order.append(3)))
    seq.update(0.0)
    assert order == [1, 2]
    seq.update(0.2)
    assert order == [1, 2, 3] and seq.done


def test_speed_zero_skips_everything() -> None:
    order: list[int] = []
    q = AnimQueue()
    q.speed = 0.0
    q.add(Wait(5.0), Call(lambda: order.append(1)))
    q.update(1 / 60)
    assert order == [1] and not q.busy


def test_deferred_builds_its_steps_when_it_starts() -> None:
    from game.ui.tween import Deferred

    value = [0.0]
    built: list[float] = []

    def factory() -> list[Anim]:
        built.append(value[0])  # reads the state left by the earlier steps
        return [Tween(lambda v: value.__setitem__(0, v[0]), (value[0] + 1.0,), 1.0, start_value=(value[0],))]
    q = AnimQueue()
    q.add(Deferred(factory), Deferred(factory))
    q.update(0.5)
    assert built == [0.0]
    q.skip()
    assert built == [0.0, 1.0] and value[0] == 2.0

"""Autoplay policies. A policy only uses the rules core's public API: it looks at a :class:`~game.rules.Game`
and returns one of ``game.legal_actions()``.

``POLICIES`` maps a policy name (as given on the command line, ``--policy NAME``) to a factory taking the
seed; later policies register themselves here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from game.ai.heuristic import HeuristicPolicy
from game.ai.planner import PlannerPolicy
from game.ai.random_policy import RandomPolicy
from game.rules import Action, Game


@runtime_checkable
class Policy(Protocol):
    """Chooses an action at a decision point."""

    name: str

    def choose(self, game: Game) -> Action:
        """One of ``game.legal_actions()``; only called while the game is not over."""
        ...

    def explain(self, game: Game) -> tuple[Action, str]:
        """The chosen action and a one-line human reason (for the demo caption and the Hint button)."""
        ...


POLICIES: dict[str, Callable[[int], Policy]] = {
    "random": RandomPolicy,
    "heuristic": HeuristicPolicy,
    "planner": PlannerPolicy,
}


def make_policy(name: str, seed: int) -> Policy:
    """The policy registered as ``name``, seeded with ``seed``; ``KeyError`` names the known policies."""
    try:
        factory = POLICIES[name]
    except KeyError:
        raise KeyError(f"unknown policy {name!r} (known: {', '.join(sorted(POLICIES))})") from None
    return factory(seed)


__all__ = ["POLICIES", "HeuristicPolicy", "PlannerPolicy", "Policy", "RandomPolicy", "make_policy"]

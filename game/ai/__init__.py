"""Autoplay policies. A policy only uses the rules core's public API: it looks at a :class:`~game.rules.Game`
and returns one of ``game.legal_actions()``.

``POLICIES`` maps a policy name (as given on the command line, ``--policy NAME``) to a factory taking the
seed; later policies register themselves here.
"""

from __future__ import annotations

import re
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


# The planner's settings a policy name may change, for studies of the planner from the command line
# (``planner[action_from=9,plan_samples=16]``): only these names, each a number in its range; nothing in the name
# is run or looked up as code.
PLANNER_SETTINGS: dict[str, tuple[type, float, float]] = {
    "samples": (int, 1, 64), "candidates": (int, 1, 10), "margin": (float, 0.0, 10.0),
    "override": (float, 0.0, 10.0), "diverse": (float, 0.0, 10.0), "plan_rollouts": (int, 1, 512),
    "plan_samples": (int, 1, 128), "action_from": (int, 1, 9), "plan_turns": (int, 1, 3),
    "screen": (int, 0, 128), "bar": (float, 0.0, 10.0),
}
MAX_POLICY_NAME = 200
# the Hint's policy (game/ui/play/hints.py; tools/hint_agreement.py measures it against a longer search)
HINT_POLICY = "planner"
_WHOLE = re.compile(r"[0-9]{1,4}")
_NUMBER = re.compile(r"[0-9]{1,3}(\.[0-9]{1,6})?")


def parse_policy(name: str) -> tuple[str, dict[str, int | float]]:
    """A policy name as written on the command line: a registered name, the planner optionally with settings in
    brackets (``planner[samples=8,margin=0.2]``, see :data:`PLANNER_SETTINGS`). ``ValueError`` says what is
    wrong in one line."""
    if len(name) > MAX_POLICY_NAME:
        raise ValueError(f"policy name of {len(name)} characters (at most {MAX_POLICY_NAME})")
    base, bracket, rest = name.strip().partition("[")
    base = base.strip()
    if base not in POLICIES:
        raise ValueError(f"unknown policy {base!r} (known: {', '.join(sorted(POLICIES))})")
    if not bracket:
        return base, {}
    if base != "planner":
        raise ValueError(f"only the planner takes settings, not {base!r}")
    if not rest.endswith("]"):
        raise ValueError(f"policy {name!r}: settings end with ']'")
    settings: dict[str, int | float] = {}
    for item in filter(None, (part.strip() for part in rest[:-1].split(","))):
        key, eq, text = item.partition("=")
        key, text = key.strip(), text.strip()
        if not eq or key not in PLANNER_SETTINGS:
            raise ValueError(f"policy {name!r}: {item!r} is not one of {', '.join(PLANNER_SETTINGS)} = a number")
        if key in settings:
            raise ValueError(f"policy {name!r}: {key} is set twice")
        kind, low, high = PLANNER_SETTINGS[key]
        if not (_WHOLE if kind is int else _NUMBER).fullmatch(text):
            raise ValueError(f"policy {name!r}: {key} takes {'a whole number' if kind is int else 'a number'} "
                             f"written with the digits 0-9, not {text!r}")
        value: int | float = int(text) if kind is int else float(text)
        if not low <= value <= high:
            raise ValueError(f"policy {name!r}: {key} must be {low:g} to {high:g}")
        settings[key] = value
    return base, settings


def policy_name(name: str) -> str:
    """``name`` written the one way the reports use (``planner[samples=4,margin=0.2]``: no spaces, the
    settings in the order given), so that two spellings of one policy are one policy. ``ValueError`` as
    :func:`parse_policy`."""
    base, settings = parse_policy(name)
    if not settings:
        return base
    return f"{base}[{','.join(f'{key}={value:g}' for key, value in settings.items())}]"


def split_policies(text: str) -> list[str]:
    """Comma-separated policy names (``heuristic,planner[samples=8,margin=0.2]``): a comma inside a planner's
    brackets separates its settings, not two policies."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += (char == "[") - (char == "]")
        if char == "," and depth <= 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def make_policy(name: str, seed: int) -> Policy:
    """The policy written as ``name`` (:func:`parse_policy`), seeded with ``seed``; ``KeyError`` names the known
    policies when the name is unknown, ``ValueError`` says what is wrong with its settings."""
    try:
        base, settings = parse_policy(name)
    except ValueError as exc:
        if name.partition("[")[0] not in POLICIES:
            raise KeyError(str(exc)) from None
        raise
    if settings:
        return PlannerPolicy(seed, **settings)  # type: ignore[arg-type]  # checked against PLANNER_SETTINGS
    return POLICIES[base](seed)


def hint_policy(game: Game) -> Policy:
    """The Hint's planner for ``game``'s position: seeded by the game and the moment, so the same position always
    gets the same hint, and the review (``review.review_decisions``) asks the very planner the Hint asked: it never
    finds fault with a choice the Hint recommended."""
    seed = (int(game.state["seed"]) * 1009 + int(game.state["turn"]) * 31
            + int(game.state.get("actions", 0))) % 1_000_000
    return make_policy(HINT_POLICY, seed)


__all__ = ["HINT_POLICY", "PLANNER_SETTINGS", "POLICIES", "HeuristicPolicy", "PlannerPolicy", "Policy", "RandomPolicy",
           "hint_policy", "make_policy", "parse_policy", "policy_name", "split_policies"]

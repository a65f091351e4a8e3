"""What the player cannot know, redrawn (issue 31's danger badges and issue 35's planner ask it of the core).

A game's state holds facts the player does not see: the order of every Attack deck and Tactics deck, the dice to
come (the generator and the dice key) and the scripted dice of a guided game. :func:`redraw` returns a state in
which exactly those are drawn again from a given random stream, consistently with what the player knows:

- the cards of each deck are known (the game's own pile lists: the rulebook's decks are made of known cards, 2.0),
  their order is not (each deck is shuffled, 2.1-2.3);
- in Attack 3 the fire truck lies among the bottom cards of its deck (2.3: the bottom card, or among the bottom 7
  or 12 by the morale band when Attack 3 was set up); the state records among how many (``truck_window``), and a
  redrawn deck puts the truck at a random place among that many bottom cards of those that are not grenade
  bundles, each grenade bundle card (3.1: shuffled in at a random position, the other cards keeping their order)
  at a random place in the deck;
- every die still to come is unknown.

Nothing else changes: the board, the counters, morale, the cards seen, drawn, set aside and removed, the pending
steps and the record of decisions are the same, so every public query answers alike on the redrawn copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.data import Rules
from game.rules.rng import Pcg32


def redraw_deck(deck: list[str], window: int, rules: Rules, rng: Pcg32) -> list[str]:
    """``deck`` (top first) in a new order drawn from what the player knows of it, never from its true order
    (the cards are taken in a fixed order before they are shuffled): with the fire truck in it, the truck goes to
    a random place among the bottom ``window`` of the cards that are not grenade bundles (2.3) and each grenade
    bundle to a random place in the deck (3.1); otherwise the whole deck is shuffled."""
    cards = rules.cards
    truck = next((c for c in deck if cards[c].type == "fire_truck"), None)
    if truck is None:
        out = sorted(deck)
        rng.shuffle(out)
        return out
    bundles = sorted(c for c in deck if cards[c].type == "grenade_bundle")
    out = sorted(c for c in deck if c != truck and cards[c].type != "grenade_bundle")
    rng.shuffle(out)
    below = rng.below(max(1, min(window, len(out) + 1)))  # how many cards lie under the truck
    out.insert(len(out) - below, truck)
    for card in bundles:  # as 3.1 shuffles them in: each at a random place, the others keeping their order
        out.insert(rng.below(len(out) + 1), card)
    return out


def redraw(state: dict[str, Any], rules: Rules, rng: Pcg32) -> dict[str, Any]:
    """``state`` (a private copy, changed in place and returned) with the hidden order of every deck and the dice
    to come drawn again from ``rng``."""
    state["rng"] = [rng.next32() << 32 | rng.next32(), (rng.next32() << 1) | 1]
    state["dice_key"] = rng.next32() << 32 | rng.next32()  # the engine reseeds its dice from this key
    state["forced"] = []  # a guided game's scripted dice are the script's secret too
    for key in ("1", "2", "3"):
        window = int(state.get("truck_window", 0)) if key == "3" else 0
        state["decks"][key] = redraw_deck(state["decks"][key], window, rules, rng)
        tactics = sorted(state["tactics"]["decks"][key])
        rng.shuffle(tactics)
        state["tactics"]["decks"][key] = tactics
    return state


# DECISION (the danger of the coming Enemy Phase, ``Game.threats``): the danger is that of the board as it stands,
# so the sampled futures end the Defense Phase at once (End moves, End actions) and let nobody escape (End
# escape); the other choices met on the way take the first listed, as the rules list them: the most suppression
# tokens spent on a counter (4.2.2), the first casualty listed (5.2), the first rally (8.1.2).
PASSING = {"moves": "end_moves", "actions": "end_actions", "escape": "end_escape"}


@dataclass(frozen=True)
class Threats:
    """What the coming Clearing and Enemy Phases are likely to do, as the board stands, over ``samples`` futures
    redrawn from what the player knows: ``breach`` the chance that a counter breaks in at each entrance (3.1.3),
    ``lost`` the expected defenders lost in each space (by the space they stood in), ``morale`` the expected
    change of morale, up to the player's next Defense Phase (or the end of the game)."""

    samples: int
    breach: dict[str, float] = field(default_factory=dict)
    lost: dict[str, float] = field(default_factory=dict)
    morale: float = 0.0

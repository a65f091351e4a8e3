"""8.1.2 / 8.2.2 Tactics cards: dealing, discarding and reshuffling the Tactics decks (Veteran and Elite).

What a card in play changes is asked where the rule applies (``queries.tactic_cards``, ``queries.tactic_bonus``).
"""

from __future__ import annotations

from game.i18n import Msg
from game.rules.events import TacticDiscarded, TacticRevealed, TacticsReshuffled
from game.rules.kernel import Kernel
from game.rules.kinds import EventKind
from game.rules.queries import tactic_section


def deal_tactics(game: Kernel) -> None:
    """8.1.2 / 8.2.2 In Play: at the beginning of the Enemy Phase the card furthest from the Tactics deck is
    discarded, the other one slides over, and new cards are dealt next to the deck until the difficulty's
    number of cards is in play (one at Veteran, two at Elite; two at once on the first turn)."""
    state, rules = game.state, game.rules
    t = state["tactics"]
    want = rules.tactics_modes[state["difficulty"]].in_play
    while t["in_play"] and len(t["in_play"]) >= want:
        discard_tactic(game, t["in_play"][-1])
    while len(t["in_play"]) < want:
        cid = next_tactic(game)
        if cid is None:
            break
        game.insert(("tactics", "in_play"), 0, cid)
        card = rules.tactics[cid]
        game.emit(EventKind.TACTIC_REVEALED, tactic_section(game), Msg("Tactics card: {card}. {text}",
                                                                       card=Msg(card.name),
                                                         text=Msg(card.text)),
                  TacticRevealed(card=cid, name=card.name, text=card.text))


def discard_tactic(game: Kernel, cid: str) -> None:
    card = game.rules.tactics[cid]
    game.remove(("tactics", "in_play"), cid)
    game.append(("tactics", "discards", str(card.deck)), cid)
    game.emit(EventKind.TACTIC_DISCARDED, tactic_section(game), Msg("The {card} Tactics card is discarded",
                                                                    card=Msg(card.name)),
              TacticDiscarded(card=cid, name=card.name))


def next_tactic(game: Kernel) -> str | None:
    """The top card of the current Attack's Tactics deck.

    DECISION: the rulebook only reshuffles the Tactics discards together with the Attack deck ("Out of
    Tactics Cards?"); should the Tactics deck still run out, its discards are reshuffled the same way, and
    with no card left at all none is dealt."""
    state = game.state
    key = str(state["attack"])
    deck = state["tactics"]["decks"][key]
    if not deck:
        reshuffle_tactics(game, state["attack"])
        deck = state["tactics"]["decks"][key]
    if not deck:
        return None
    top = str(deck[0])
    game.remove(("tactics", "decks", key), top)
    return top


def reshuffle_tactics(game: Kernel, attack: int) -> None:
    """8.1.2 "Out of Tactics Cards?": when an Attack deck is reshuffled, the Tactics discards are shuffled
    back into that Attack's Tactics deck. DECISION: together with the cards still in the deck (the box says
    to re-shuffle the Tactics deck); the cards in play stay in play."""
    t = game.state["tactics"]
    key = str(attack)
    if not t["discards"][key]:
        return
    pile = t["decks"][key] + t["discards"][key]
    game.put(("tactics", "discards", key), [])
    game.rng.shuffle(pile)
    game.put(("tactics", "decks", key), pile)
    game.emit(EventKind.TACTICS_RESHUFFLED, tactic_section(game),
              Msg("The Attack {attack} Tactics discards are reshuffled into "
                                                        "the Tactics deck", attack=attack),
              TacticsReshuffled(attack=attack, cards=len(pile)))

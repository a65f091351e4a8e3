"""8.1.2 / 8.2.2 Tactics cards: dealing, discarding and reshuffling the Tactics decks (Veteran and Elite).

What a card in play changes is asked where the rule applies (``queries.tactic_cards``, ``queries.tactic_bonus``).
"""

from __future__ import annotations

from game.i18n import Msg
from game.rules.events import TacticDiscarded, TacticRevealed, TacticsReshuffled
from game.rules.kernel import Kernel
from game.rules.kinds import EventKind
from game.rules.queries import tactic_section


def deal_tactics(g: Kernel) -> None:
    """8.1.2 / 8.2.2 In Play: at the beginning of the Enemy Phase the card furthest from the Tactics deck is
    discarded, the other one slides over, and new cards are dealt next to the deck until the difficulty's
    number of cards is in play (one at Veteran, two at Elite; two at once on the first turn)."""
    s, r = g.state, g.rules
    t = s["tactics"]
    want = r.tactics_modes[s["difficulty"]].in_play
    while t["in_play"] and len(t["in_play"]) >= want:
        discard_tactic(g, t["in_play"][-1])
    while len(t["in_play"]) < want:
        cid = next_tactic(g)
        if cid is None:
            break
        g.insert(("tactics", "in_play"), 0, cid)
        card = r.tactics[cid]
        g.emit(EventKind.TACTIC_REVEALED, tactic_section(g), Msg("Tactics card: {card}. {text}", card=Msg(card.name),
                                                         text=Msg(card.text)),
               TacticRevealed(card=cid, name=card.name, text=card.text))


def discard_tactic(g: Kernel, cid: str) -> None:
    card = g.rules.tactics[cid]
    g.remove(("tactics", "in_play"), cid)
    g.append(("tactics", "discards", str(card.deck)), cid)
    g.emit(EventKind.TACTIC_DISCARDED, tactic_section(g), Msg("The {card} Tactics card is discarded",
                                                              card=Msg(card.name)),
           TacticDiscarded(card=cid, name=card.name))


def next_tactic(g: Kernel) -> str | None:
    """The top card of the current Attack's Tactics deck.

    DECISION: the rulebook only reshuffles the Tactics discards together with the Attack deck ("Out of
    Tactics Cards?"); should the Tactics deck still run out, its discards are reshuffled the same way, and
    with no card left at all none is dealt."""
    s = g.state
    key = str(s["attack"])
    deck = s["tactics"]["decks"][key]
    if not deck:
        reshuffle_tactics(g, s["attack"])
        deck = s["tactics"]["decks"][key]
    if not deck:
        return None
    top = str(deck[0])
    g.remove(("tactics", "decks", key), top)
    return top


def reshuffle_tactics(g: Kernel, attack: int) -> None:
    """8.1.2 "Out of Tactics Cards?": when an Attack deck is reshuffled, the Tactics discards are shuffled
    back into that Attack's Tactics deck. DECISION: together with the cards still in the deck (the box says
    to re-shuffle the Tactics deck); the cards in play stay in play."""
    t = g.state["tactics"]
    key = str(attack)
    if not t["discards"][key]:
        return
    pile = t["decks"][key] + t["discards"][key]
    g.put(("tactics", "discards", key), [])
    g.rng.shuffle(pile)
    g.put(("tactics", "decks", key), pile)
    g.emit(EventKind.TACTICS_RESHUFFLED, tactic_section(g),
           Msg("The Attack {attack} Tactics discards are reshuffled into "
                                                        "the Tactics deck", attack=attack),
           TacticsReshuffled(attack=attack, cards=len(pile)))

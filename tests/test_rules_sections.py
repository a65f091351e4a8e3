"""Unit tests of the rules core, one group per rulebook section (the gameplay examples are scenarios)."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import RandomPolicy
from game.rules import Action, Game, IllegalAction, load_rules
from game.rules.defense import start_defense
from game.rules.effects import casualty, place_support
from game.rules.engine import award_for, hit_chance
from game.rules.queries import pick_by_label
from game.rules.setup import place_fire_truck

RULES = load_rules()


def empty_game(**over: Any) -> Game:
    """A new game with an empty board: every defender a casualty, no enemy counters, no tokens."""
    g = Game.new(7)
    s = g.state
    for d in s["defenders"].values():
        d.update(status="casualty", exhausted=False, disrupted=False, moved=False, acted=False)
    s["tokens"] = {t: "" for t in s["tokens"]}
    for cid in list(s["counters"]):
        s["supply"][s["counters"][cid]["type"]] += 1
    s.update(counters={}, spaces={}, cars={}, suppression={}, support={}, interior={"upper": [], "ground": [],
                                                                                    "basement": []})
    s.update(tasks=[], decision=None, forced=[], morale=9, bundles_shuffled=[], barriers_open=[])
    s["aside"] = [c for c, k in RULES.cards.items() if k.type in ("grenade_bundle", "fire_truck")]
    for deck in ("1", "2", "3"):
        s["decks"][deck] = [c for c in s["decks"][deck] if c not in s["aside"]]
    s.update(over)
    g.legal_cache = None
    return g


def put_defender(g: Game, name: str, space: str, **flags: bool) -> None:
    g.state["defenders"][name].update(space=space, status="board", **flags)
    g.legal_cache = None


def put_counter(g: Game, unit: str, where: str, name: str = "") -> str:
    s = g.state
    cid = f"e{s['next_cid']}"
    s["next_cid"] += 1
    s["counters"][cid] = {"type": unit, "name": name, "disrupted": False}
    s["supply"][unit] -= 1
    if where.endswith(":interior"):
        s["interior"][where.split(":")[0]].append(cid)
    elif where in RULES.support_spaces:
        s["support"].setdefault(where, []).append(cid)
    else:
        s["spaces"].setdefault(RULES.resolve_track_space(where), []).append(cid)
    g.legal_cache = None
    return cid


def run_enemy_cards(g: Game, cards: list[str], dice: list[int]) -> list[str]:
    """Resolve the given cards (ids) as one Enemy Phase with forced dice; returns the event kinds."""
    s = g.state
    s["decks"][str(s["attack"])] = list(cards)
    s["forced"] = list(dice)
    s["tasks"] = [["turn_start"]]
    s["decision"] = None
    g.run()
    return [e.kind for e in g.take_events()]


def start_actions(g: Game) -> None:
    g.state["phase"] = "actions"
    g.state["actions"] = 0
    g.decide("actions")


def card(kind: str, **match: Any) -> str:
    for cid, c in RULES.cards.items():
        if c.type == kind and all(getattr(c, k) == v for k, v in match.items()):
            return cid
    raise KeyError((kind, match))


# ---------------------------------------------------------------- 1.2 morale, 7.0 scoring
def test_hit_chance_and_awards() -> None:
    assert hit_chance(2, 4) == pytest.approx(1 - 0.25)
    assert hit_chance(1, 6) == pytest.approx(1 / 6)
    assert hit_chance(0, 3) == 0.0
    assert award_for(41) == ("Order of the White Eagle", "Epic Victory")
    assert award_for(26)[1] == "Major Victory"
    assert award_for(16) == ("Cross of Valor", "Minor Victory")
    assert award_for(15)[1] == "Draw" and award_for(1)[1] == "Draw"
    assert award_for(0)[1] == "Loss"


def test_konrad_raises_morale_and_morale_zero_ends_the_game() -> None:
    g = empty_game(morale=9)
    put_defender(g, "Konrad", "ground:1")
    casualty(g, "Konrad", "test", "test")
    assert g.morale == 10
    casualty(g, "Flisykowski", "test", "test")
    assert g.morale == 10  # the track's top space
    g.state["morale"] = 2
    casualty(g, "Barzychowska", "test", "test")
    assert g.over and g.result is not None and g.result["how"] == "morale" and g.result["outcome"] == "loss"


def test_score_counts_survivors_doubles_escapes_and_subtracts_intruders() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "ground:1")
    put_defender(g, "Barzychowska", "basement:1-2")
    g.state["defenders"]["J. Pipka"]["status"] = "escaped"
    put_defender(g, "Gdaniec", "ground:1")  # trained: no victory points
    put_counter(g, "rifleman", "ground:interior")
    assert g.score() == 1 + 3 + 2 * 2 - 1


# ---------------------------------------------------------------- 2.x Attack periods
def test_new_game_setup() -> None:
    g = Game.new(11)
    s = g.state
    assert sorted(RULES.cards[c].type for c in s["aside"] if RULES.cards[c].type == "grenade_bundle") == \
        ["grenade_bundle"] * 4 or s["bundles_shuffled"]
    assert sum(1 for d in s["defenders"].values() if d["status"] != "casualty") == 39
    assert s["morale"] == 9 and s["attack"] == 1
    assert all(s["defense"][f] == 0 for f in RULES.floors)


def test_attack_end_reshuffles_while_intruders_and_a_leader_remain() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "upper:1-3")
    put_counter(g, "leader", "1-2:2", "Gehrke")
    inside = put_counter(g, "rifleman", "basement:interior")
    s = g.state
    s["decks"]["1"] = []
    s["discards"]["1"] = ["1-10", "1-11"]
    s["tasks"] = [["turn_end"]]
    g.run()
    kinds = [e.kind for e in g.take_events()]
    assert "deck_reshuffled" in kinds and s["attack"] == 1
    # without a leader, the Attack ends: assault counters go back to the supply
    g2 = empty_game()
    put_defender(g2, "Kuntz", "upper:1-3", disrupted=True, exhausted=True)
    inside2 = put_counter(g2, "rifleman", "basement:interior")
    g2.state["suppression"] = {"1-2:2": 3}
    g2.state["decks"]["1"] = []
    g2.state["tasks"] = [["turn_end"]]
    g2.run()
    assert g2.state["attack"] == 2
    assert g2.state["defenders"]["Kuntz"]["disrupted"] is False and g2.state["defenders"]["Kuntz"]["exhausted"] is False
    assert g2.state["suppression"] == {} and not g2.state["interior"]["basement"]
    assert inside in g.state["interior"]["basement"]
    assert inside2 not in g2.state["counters"]
    assert sorted(g2.state["cars"]) == ["car1", "car2"]


@pytest.mark.parametrize("morale,band,depth", [(9, "Emboldened", 0), (7, "Shaken", 7), (3, "Panicked", 12)])
def test_fire_truck_placement_by_morale(morale: int, band: str, depth: int) -> None:
    g = empty_game(morale=morale)
    put_defender(g, "Kuntz", "upper:1-3")
    g.state["decks"]["3"] = [c for c in RULES.decks[3] if RULES.cards[c].type != "fire_truck"]
    place_fire_truck(g)
    deck = g.state["decks"]["3"]
    truck = next(i for i, c in enumerate(deck) if RULES.cards[c].type == "fire_truck")
    assert RULES.band(morale) == band
    if depth == 0:
        assert truck == len(deck) - 1
    else:
        assert truck >= len(deck) - depth - 1


# ---------------------------------------------------------------- 3.0 / 3.1 Enemy Phase, assault
def test_out_of_cards_draws_what_is_left() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "upper:1-3")
    kinds = run_enemy_cards(g, [card("howitzer")], [1, 1, 1, 1] * 3)
    assert kinds.count("card_revealed") == 1
    assert g.decision == {"kind": "moves"}


def test_push_chain_and_breach_with_casualties() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "ground:1")
    put_defender(g, "Gdaniec", "ground:1")
    put_defender(g, "Franz", "upper:4")
    g.state["barriers_open"] = [2]
    for i in range(1, 5):
        put_counter(g, "rifleman", f"3-4:{i}")
    rifle = card("assault", unit="rifleman", die="1-6")
    kinds = run_enemy_cards(g, [rifle], [3])
    assert "breach" in kinds
    assert g.state["defenders"]["Kuntz"]["status"] == "casualty"
    assert g.state["defenders"]["Gdaniec"]["status"] == "casualty"
    assert g.morale == 8
    assert len(g.state["interior"]["ground"]) == 1
    assert all(len(g.state["spaces"][f"3-4:{i}"]) == 1 for i in range(1, 5))


def test_side_breach_kills_no_one() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "ground:1-3")
    g.state["barriers_open"] = [3]
    for i in range(1, 6):
        put_counter(g, "rifleman", f"5-6:{i}")
    run_enemy_cards(g, [card("assault", unit="rifleman", die="1-6")], [5])
    assert g.state["defenders"]["Kuntz"]["status"] == "board"
    assert len(g.state["interior"]["ground"]) == 1


def test_counters_stack_at_a_standing_barrier_and_bundle_is_shuffled_in_once() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "upper:1-3")
    for i in (1, 2):
        put_counter(g, "rifleman", f"3-4:{i}")
    rifle = card("assault", unit="rifleman", die="1-6")
    kinds = run_enemy_cards(g, [rifle], [4])
    assert kinds.count("bundle_shuffled") == 1 and 2 in g.state["bundles_shuffled"]
    # the deck held only the rifleman card, so the bundle shuffled in was drawn next: the stack of two was
    # released from the top, one counter per space
    assert kinds.index("bundle_shuffled") < kinds.index("barrier_destroyed")
    assert [len(g.state["spaces"].get(f"3-4:{i}", [])) for i in range(1, 5)] == [1, 1, 1, 0]


def test_armored_car_discards_suppression_and_stops_at_the_other_car() -> None:
    g = empty_game(attack=2)
    put_defender(g, "Kuntz", "upper:1-3")
    g.state["cars"] = {"car1": "7:3", "car2": "7:2"}
    put_counter(g, "smg", "7:2")
    g.state["suppression"] = {"7:3": 2}
    smg = card("assault", unit="smg", die="7-12")
    # The smg on car2 at 7:2 is pushed into 7:3 (car1 there): car2 stays, car1 sits at barrier 4.
    g.state["barriers_open"] = []
    put_counter(g, "rifleman", "7:1")
    run_enemy_cards(g, [smg], [7])
    assert g.state["cars"] == {"car1": "7:3", "car2": "7:2"}
    # the rifleman moved onto car2's space; the smg went on to car1's space (tokens discarded? no: no car moved)
    assert g.decision is not None


def test_armored_car_moves_with_its_counter_and_gives_defense_6() -> None:
    g = empty_game(attack=2)
    put_defender(g, "Kuntz", "upper:1-3")
    g.state["cars"] = {"car1": "7:1"}
    rifle_on_car = put_counter(g, "rifleman", "7:1")
    g.state["suppression"] = {"7:2": 3}
    run_enemy_cards(g, [card("assault", unit="smg", die="7-12")], [7])
    assert g.state["cars"]["car1"] == "7:2"
    assert g.state["spaces"]["7:2"] == [rifle_on_car]
    assert "7:2" not in g.state["suppression"]
    assert g.assault_defense(rifle_on_car) == 6


def test_suppression_decision_spend_and_keep_the_rest() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "upper:1-3")
    g.state["suppression"] = {"1-2:1": 4}
    run_enemy_cards(g, [card("assault", unit="rifleman", die="1-6")], [1])
    assert g.decision is not None and g.decision["kind"] == "suppression" and g.decision["tokens"] == 4
    assert [str(a) for a in g.legal_actions()] == ["spend 4", "spend 3", "spend 2", "spend 1", "spend 0"]
    g.state["forced"] = [3, 5]
    events = g.apply("spend 2")
    assert any(e.kind == "counter_suppressed" for e in events)
    assert g.state["suppression"] == {"1-2:1": 2}
    assert "1-2:1" not in g.state["spaces"]


def test_failed_suppression_discards_all_tokens() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "upper:1-3")
    g.state["suppression"] = {"1-2:1": 3}
    run_enemy_cards(g, [card("assault", unit="rifleman", die="1-6")], [2])
    g.state["forced"] = [1]
    g.apply("spend 1")
    assert g.state["suppression"] == {}
    assert len(g.state["spaces"]["1-2:1"]) == 1


# ---------------------------------------------------------------- 3.2 / 3.3 support and howitzer
def test_machine_gunner_picks_next_higher_then_lower_space() -> None:
    g = empty_game()
    assert pick_by_label(g, ["ground:2-3"], 4) == "ground:2-3"
    assert pick_by_label(g, ["ground:2-3", "ground:4"], 1) == "ground:2-3"
    assert pick_by_label(g, ["ground:1", "ground:4"], 3) == "ground:4"
    assert pick_by_label(g, ["ground:1", "ground:4"], 4) == "ground:4"


def test_second_disruption_is_a_casualty_and_emplaced_counter_stacks_once() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "ground:2-3", disrupted=True)
    put_counter(g, "mg", "B")
    put_counter(g, "mg_emplaced", "B")
    run_enemy_cards(g, [card("support", space="B")], [2, 6, 6, 6])
    assert len(g.state["support"]["B"]) == 2
    assert g.state["defenders"]["Kuntz"]["status"] == "casualty"


def test_howitzer_at_rightmost_disrupts_defenders_and_intruders() -> None:
    g = empty_game()
    put_defender(g, "Franz", "upper:4")
    intruder = put_counter(g, "rifleman", "upper:interior")
    g.state["defense"]["upper"] = len(RULES.floors["upper"].defense) - 1
    run_enemy_cards(g, [card("howitzer")], [6, 1, 1, 1] + [1, 1, 1, 1] * 2)
    assert g.state["defenders"]["Franz"]["disrupted"] is True
    assert g.state["counters"][intruder]["disrupted"] is True


# ---------------------------------------------------------------- 4.1 moving
def test_moves_respect_capacity_floor_and_interior_links() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "ground:2-3")
    put_defender(g, "Fuz", "ground:2-3")
    put_defender(g, "Gdaniec", "ground:1")
    put_defender(g, "Franz", "ground:interior")
    start_defense(g)
    legal = {str(a) for a in g.legal_actions()}
    assert "move Gdaniec ground:2-3" not in legal  # square space full
    assert "move Gdaniec ground:4" in legal
    assert "move Gdaniec upper:1-3" not in legal  # only interiors connect floors
    assert "move Franz upper:interior" in legal and "move Franz basement:interior" in legal
    with pytest.raises(IllegalAction):
        g.apply("move Gdaniec ground:2-3")


def test_logistics_carries_four_tokens_others_two() -> None:
    g = empty_game()
    put_defender(g, "Michon", "basement:1-3")
    put_defender(g, "Kuntz", "basement:4-6")
    for t in ("ammo1", "ammo2", "gren8", "lmg1"):
        g.state["tokens"][t] = "basement:1-3"
    for t in ("ammo3", "ammo4", "gren9"):
        g.state["tokens"][t] = "basement:4-6"
    start_defense(g)
    legal = {str(a) for a in g.legal_actions()}
    assert "move Michon basement:1-2 ammo1 ammo2 gren8 lmg1" in legal
    assert "move Kuntz basement:1-2 ammo3 ammo4 gren9" not in legal
    assert "move Kuntz basement:1-2 ammo3 gren9" in legal


def test_disrupted_or_exhausted_defenders_cannot_move_and_moved_ones_cannot_act() -> None:
    g = empty_game()
    put_defender(g, "Wasik", "ground:1", disrupted=True)
    put_defender(g, "Fuz", "ground:1", exhausted=True)
    put_defender(g, "Kuntz", "ground:4")
    start_defense(g)
    movers = {a.args[0] for a in g.legal_actions() if a.kind in ("move", "shift")}
    assert movers == {"Kuntz"}
    g.apply("move Kuntz ground:2-3")  # the only defender free to move: the moves end by themselves
    assert g.decision == {"kind": "actions"}
    assert all(a.args[:1] != ("Kuntz",) for a in g.legal_actions())


# ---------------------------------------------------------------- 4.2 actions
def test_ranged_weapon_needed_from_upper_floors_and_against_support() -> None:
    g = empty_game()
    put_defender(g, "Konrad", "upper:1-2")
    put_defender(g, "Kuntz", "upper:3-4")
    put_defender(g, "Gdaniec", "ground:1-2")
    g.state["tokens"]["lmg1"] = "upper:1-2"
    rifle = put_counter(g, "rifleman", "7:2")
    front = put_counter(g, "rifleman", "7:4")
    gun = put_counter(g, "ig", "F")
    start_actions(g)
    legal = {str(a) for a in g.legal_actions()}
    assert f"attack Konrad {rifle}" in legal and f"attack Konrad {gun}" in legal
    assert f"attack Kuntz {rifle}" not in legal
    assert f"attack Gdaniec {front}" in legal and f"attack Gdaniec {gun}" not in legal


def test_attack_top_of_stack_only_and_hit_removes() -> None:
    g = empty_game()
    put_defender(g, "Gdaniec", "ground:2-3")
    bottom = put_counter(g, "rifleman", "3-4:3")
    top = put_counter(g, "smg", "3-4:3")
    start_actions(g)
    legal = {str(a) for a in g.legal_actions()}
    assert f"attack Gdaniec {top}" in legal and f"attack Gdaniec {bottom}" not in legal
    g.state["forced"] = [3, 4]
    g.apply(f"attack Gdaniec {top}")
    assert g.state["spaces"]["3-4:3"] == [bottom]
    assert g.state["defenders"]["Gdaniec"]["exhausted"] is True


def test_inspire_adds_a_die_only_when_fresh_and_never_in_interior() -> None:
    g = empty_game()
    put_defender(g, "Gdaniec", "ground:1")
    put_defender(g, "Wasik", "ground:2-3")
    assert g.attack_dice("Gdaniec") == 3
    g.state["defenders"]["Wasik"]["exhausted"] = True
    assert g.attack_dice("Gdaniec") == 2
    g.state["defenders"]["Wasik"]["exhausted"] = False
    put_defender(g, "Gdaniec", "ground:interior")
    assert g.attack_dice("Gdaniec") == 2
    put_defender(g, "Gdaniec", "ground:1-2")  # orange: another colour
    assert g.attack_dice("Gdaniec") == 2


def test_grenade_from_interior_adds_two_dice_and_risks_the_thrower() -> None:
    g = empty_game(morale=9)
    put_defender(g, "Kuntz", "ground:interior")
    g.state["tokens"]["gren3"] = "ground:interior"
    a = put_counter(g, "rifleman", "ground:interior")
    b = put_counter(g, "smg", "ground:interior")
    start_actions(g)
    g.state["forced"] = [6, 1, 1, 1, 1, 1, 1]
    events = g.apply("grenade Kuntz gren3")
    rolls = [e.data["dice"] for e in events if e.kind == "dice_rolled"]
    assert rolls == [[6, 1, 1], [1, 1, 1]]
    assert a not in g.state["counters"] and b in g.state["counters"]
    assert g.state["defenders"]["Kuntz"]["status"] == "casualty" and g.morale == 8
    assert g.state["tokens"]["gren3"] == ""


def test_suppress_counts_tokens_and_spends_ammunition() -> None:
    g = empty_game()
    put_defender(g, "Gorski", "upper:1")
    put_defender(g, "Wasik", "upper:2-3")
    g.state["tokens"]["lmg2"] = "upper:1"
    g.state["tokens"]["ammo3"] = "upper:1"
    start_actions(g)
    g.apply("suppress Gorski 3-4:2")
    assert g.state["suppression"] == {"3-4:2": 6}  # 2 combat + 2 weapon + 1 [S] + 1 inspire (4.3 example)
    assert g.state["tokens"]["ammo3"] == ""
    assert not any(a.kind == "suppress" for a in g.legal_actions())


def test_noncombatants_cannot_attack_and_recover_does_not_exhaust() -> None:
    g = empty_game()
    put_defender(g, "Barzychowska", "ground:interior", exhausted=True)
    put_counter(g, "rifleman", "ground:interior")
    start_actions(g)
    assert [str(a) for a in g.legal_actions()] == ["recover Barzychowska exhausted", "end_actions"]
    g.apply("recover Barzychowska exhausted")
    d = g.state["defenders"]["Barzychowska"]
    assert d["exhausted"] is False


def test_command_gives_three_recovers_in_same_colour_and_floor() -> None:
    g = empty_game()
    put_defender(g, "Konrad", "ground:1")
    put_defender(g, "Wasik", "ground:2-3", disrupted=True)
    put_defender(g, "Gdaniec", "ground:4", disrupted=True, exhausted=True)
    put_defender(g, "Fuz", "ground:1-2", disrupted=True)  # orange: not Konrad's colour
    put_defender(g, "Flisykowski", "ground:1", exhausted=True)  # has [C]
    put_defender(g, "Barzychowska", "ground:interior", disrupted=True)
    put_counter(g, "rifleman", "ground:interior")
    start_actions(g)
    g.apply("command Konrad")
    options = {str(a) for a in g.legal_actions()}
    assert options == {"rally Wasik disrupted", "rally Gdaniec disrupted", "rally Gdaniec exhausted",
                       "end_command"}
    g.apply("rally Wasik disrupted")
    g.apply("rally Gdaniec disrupted")
    g.apply("rally Gdaniec exhausted")
    assert g.decision == {"kind": "actions"}
    legal = {a.args[0] for a in g.legal_actions() if a.args}
    assert "Wasik" in legal and "Gdaniec" in legal and "Konrad" not in legal


# ---------------------------------------------------------------- 5.0 clearing
def test_clearing_interior_first_then_target_table_then_floor_change() -> None:
    g = empty_game()
    put_defender(g, "Konrad", "ground:interior")
    put_defender(g, "Kuntz", "ground:interior")
    put_defender(g, "Gdaniec", "ground:1-3")
    smg1 = put_counter(g, "smg", "ground:interior")
    smg2 = put_counter(g, "smg", "ground:interior")
    leader = put_counter(g, "leader", "ground:interior", "Gehrke")
    put_defender(g, "Franz", "basement:3-4")
    g.state["tasks"] = [["clearing"]]
    g.run()
    s = g.state
    assert s["defenders"]["Konrad"]["status"] == "casualty"
    assert s["defenders"]["Kuntz"]["status"] == "casualty"
    assert s["defenders"]["Gdaniec"]["status"] == "casualty"
    assert leader in s["interior"]["upper"] and smg1 in s["interior"]["ground"] and smg2 in s["interior"]["ground"]


def test_clearing_asks_which_of_equal_priority_defenders_falls() -> None:
    g = empty_game()
    for name in ("Postal worker 1", "Postal worker 2", "Postal worker 3"):
        put_defender(g, name, "upper:interior")
    put_counter(g, "rifleman", "upper:interior")
    g.state["tasks"] = [["clearing"]]
    g.run()
    assert g.decision is not None and g.decision["kind"] == "casualty"
    assert [str(a) for a in g.legal_actions()] == ["remove 'Postal worker 1'", "remove 'Postal worker 2'",
                                                   "remove 'Postal worker 3'"]
    g.apply("remove 'Postal worker 2'")
    assert g.state["defenders"]["Postal worker 2"]["status"] == "casualty"
    assert g.state["defenders"]["Postal worker 1"]["status"] == "board"


# ---------------------------------------------------------------- 6.0 escape
def test_escape_needs_a_clear_track_and_no_support_in_sight() -> None:
    g = empty_game(attack=3)
    put_defender(g, "Kuntz", "ground:1")
    put_defender(g, "Wasik", "ground:1-3")
    put_defender(g, "Flisykowski", "ground:1-2")
    put_defender(g, "Gorski", "basement:1-3")
    put_counter(g, "mg_emplaced", "C")
    put_counter(g, "ss_rifleman", "1-2:3")
    g.state["tasks"] = [["after_clearing"]]
    g.run()
    assert [str(a) for a in g.legal_actions()] == ["escape Kuntz", "end_escape"]
    g.apply("escape Kuntz")
    assert g.state["defenders"]["Kuntz"]["status"] == "escaped"


def test_escape_blockers_list_every_counter_keeping_a_route_shut() -> None:
    """6.0: the assault counters on the route's track and every support counter in a space that sees it; the
    first spaces of the side track are seen from the ground floor (levels/board.toml, inferred), so a defender
    there without a Ranged weapon can shoot a blocker on the placement space."""
    g = empty_game(attack=3)
    put_defender(g, "Gdaniec", "ground:1-3")
    rifle = put_counter(g, "ss_rifleman", "5-6:1")
    mg = put_counter(g, "mg", "C")
    mg2 = put_counter(g, "mg_emplaced", "C")
    assert g.escape_blockers("side") == [rifle, mg, mg2]
    assert g.escape_blocker("side") == "an assault counter on track 5-6, space 1 blocks the side entrance (6.0)"
    assert g.escape_blockers("rear") == [] and g.escape_blocker("rear") == ""
    start_actions(g)
    assert f"attack Gdaniec {rifle}" in [str(a) for a in g.legal_actions()]
    g.state["spaces"] = {}
    assert g.escape_blockers("side") == [mg, mg2]
    assert g.escape_blocker("side") == "the support counter in support space C covers the side entrance (6.0)"


def test_action_text_round_trips() -> None:
    for text in ("move 'Postal worker 3' ground:2-3 ammo1 lmg1", "end_moves", "remove 'J. Pipka'"):
        a = Action.parse(text)
        assert Action.parse(str(a)) == a
        assert eval(repr(a), {"Action": Action}) == a


def test_why_illegal_names_the_rule() -> None:
    g = empty_game()
    put_defender(g, "Kuntz", "upper:3-4")
    put_defender(g, "Gdaniec", "ground:2-3")
    put_defender(g, "Fuz", "ground:2-3")
    put_defender(g, "Franz", "ground:1", disrupted=True)
    rifle = put_counter(g, "rifleman", "7:2")
    start_defense(g)
    assert g.why_illegal("move Franz ground:4") == "Franz is disrupted and cannot move (4.1)"
    assert "full" in g.why_illegal("move Kuntz upper:3-4") or g.why_illegal("move Gdaniec ground:2-3")
    assert "is full" in g.why_illegal("move Kuntz ground:2-3") or "adjoining interior" in \
        g.why_illegal("move Kuntz ground:2-3")
    assert g.why_illegal("end_moves") == ""
    before = g.to_json()
    g.apply("end_moves")
    assert "Ranged [R]" in g.why_illegal(f"attack Kuntz {rifle}") or "line of sight" in \
        g.why_illegal(f"attack Kuntz {rifle}")
    assert "line of sight" in g.why_illegal(f"attack Gdaniec {rifle}")
    assert "Command [C]" in g.why_illegal("command Gdaniec")
    assert before != g.to_json()


# ---------------------------------------------------------------------------------------------- 8.0 Variants
def _setup_units(g: Game) -> dict[str, str]:
    """Placement space -> unit type of the counters on the placement spaces after an Attack's set-up."""
    out = {}
    for track, t in RULES.tracks.items():
        stack = g.state["spaces"].get(t.spaces[0], [])
        if stack:
            out[track] = g.counter_type(stack[-1])
    return out


def _attack_setup(difficulty: str, attack: int) -> Game:
    g = empty_game()
    g.state["difficulty"] = difficulty
    g.state["support"] = {}
    g.push(["attack_setup", attack])
    g.run()
    g.take_events()
    return g


def test_unknown_difficulty_is_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match="unknown difficulty 'hard'.*standard, veteran, elite"):
        Game.new(1, "hard")


@pytest.mark.parametrize("difficulty", ["veteran", "elite"])
def test_veteran_and_elite_set_ups_place_submachine_gunners(difficulty: str) -> None:
    """8.1.1 / 8.2.1: submachine gunners instead of riflemen, SS submachine gunners in Attack 3."""
    assert _setup_units(_attack_setup(difficulty, 1)) == {"1-2": "smg", "3-4": "smg", "5-6": "smg"}
    a2 = _attack_setup(difficulty, 2)
    assert _setup_units(a2) == {"7": "smg", "8": "smg", "9-10": "smg", "11-12": "smg"}
    assert sorted(a2.state["cars"].values()) == sorted([RULES.tracks["7"].spaces[0], RULES.tracks["9-10"].spaces[0]])
    a3 = _attack_setup(difficulty, 3)
    assert set(_setup_units(a3).values()) == {"ss_smg"} and len(_setup_units(a3)) == 7
    assert 4 in a3.state["barriers_open"]
    standard = _attack_setup("standard", 1)
    assert set(_setup_units(standard).values()) == {"rifleman"}


def _support(g: Game) -> dict[str, list[str]]:
    return {sp: [g.counter_type(c) for c in stack] for sp, stack in g.state["support"].items() if stack}


def test_machine_gunners_fill_empty_spaces_and_elite_adds_infantry_guns() -> None:
    """8.1.1: Veteran fills the empty machine gunner spaces in Attacks 2 and 3; 8.2.1: Elite from Attack 1, with
    infantry guns in Attack 2; a space already holding a counter gets none."""
    mg_spaces = sorted(s for s, sp in RULES.support_spaces.items() if sp.kind == "mg")
    ig_spaces = sorted(s for s, sp in RULES.support_spaces.items() if sp.kind == "ig")
    assert _support(_attack_setup("veteran", 1)) == {}
    assert _support(_attack_setup("veteran", 2)) == {s: ["mg"] for s in mg_spaces}
    assert _support(_attack_setup("veteran", 3)) == {s: ["mg"] for s in mg_spaces}
    assert _support(_attack_setup("elite", 1)) == {s: ["mg"] for s in mg_spaces}
    assert _support(_attack_setup("elite", 2)) == {**{s: ["mg"] for s in mg_spaces}, **{s: ["ig"] for s in ig_spaces}}
    assert _support(_attack_setup("standard", 2)) == {}
    g = empty_game()
    g.state["difficulty"] = "veteran"
    g.state["support"] = {}
    place_support(g, mg_spaces[0], "3.2.1")
    place_support(g, mg_spaces[0], "3.2.1")
    g.push(["attack_setup", 2])
    g.run()
    assert _support(g)[mg_spaces[0]] == ["mg", "mg_emplaced"]


@pytest.mark.parametrize(("difficulty", "removed", "in_play"), [("veteran", 3, 1), ("elite", 2, 2)])
def test_tactics_set_up_removes_cards_and_deals_on_the_first_turn(difficulty: str, removed: int,
                                                                  in_play: int) -> None:
    """8.1.2 / 8.2.2 Set up: three decks shuffled, 3 (Veteran) or 2 (Elite) of each removed; In Play: one card
    (Veteran) or two (Elite) face up at the start of the first Enemy Phase."""
    g = Game.new(5, difficulty)
    t = g.state["tactics"]
    assert len(t["removed"]) == 3 * removed
    assert len(g.tactics_in_play()) == in_play == len(t["in_play"])
    for deck, ids in RULES.tactic_decks.items():
        mine = [c for c in (*t["decks"][str(deck)], *t["removed"], *t["in_play"]) if c in ids]
        assert sorted(mine) == sorted(ids)
        assert sum(1 for c in t["removed"] if c in ids) == removed
    assert all(RULES.tactics[c].deck == 1 for c in t["in_play"])
    revealed = [e for e in g.initial_events if e.kind == "tactic_revealed"]
    assert [e.data["card"] for e in revealed] == list(reversed(t["in_play"]))
    assert all(e.data["name"] and e.data["text"] for e in revealed)


def test_standard_has_no_tactics_and_draws_no_tactics_randomness() -> None:
    g = Game.new(5)
    assert g.tactics_in_play() == []
    assert g.state["tactics"] == {"decks": {"1": [], "2": [], "3": []}, "discards": {"1": [], "2": [], "3": []},
                                  "removed": [], "in_play": []}
    assert not any("tactic" in e.kind for e in g.initial_events)


def test_tactics_reshuffle_with_the_attack_deck_and_new_deck_each_attack() -> None:
    """8.1.2 "Out of Tactics Cards?": an Attack deck reshuffle also reshuffles the Tactics discards; at the end of
    Attack the cards in play stay in play (8.2.2 counts the turns of the game): the next Attack's first turn
    discards the card furthest from the deck to its own discards and deals from the current Attack's deck."""
    g = empty_game()
    s = g.state
    s["difficulty"] = "veteran"
    s["tactics"] = {"decks": {"1": [], "2": ["t2-01", "t2-05"], "3": []},
                    "discards": {"1": ["t1-02", "t1-03"], "2": [], "3": []}, "removed": [], "in_play": ["t1-01"]}
    put_defender(g, "Kuntz", "upper:1-3")
    put_counter(g, "leader", "1-2:2", "Gehrke")
    put_counter(g, "rifleman", "basement:interior")
    s["decks"]["1"] = []
    s["discards"]["1"] = ["1-10", "1-11"]
    s["tasks"] = [["turn_end"]]
    g.run()
    events = g.take_events()
    kinds = [e.kind for e in events]
    assert kinds.index("deck_reshuffled") < kinds.index("tactics_reshuffled")
    assert next(e for e in events if e.kind == "tactics_reshuffled").data["attack"] == 1
    # the next turn discarded Assault (t1-01) and dealt one of the reshuffled cards
    assert s["tactics"]["in_play"][0] in ("t1-02", "t1-03")
    assert "t1-01" in s["tactics"]["discards"]["1"]
    # the Attack ends with the cards in play; Attack 2's first turn discards the older one (Assault, t1-01),
    # slides Breach (t1-02) over and deals the top card of the Attack 2 Tactics deck
    g2 = empty_game()
    g2.state["difficulty"] = "elite"
    g2.state["tactics"] = {"decks": {"1": ["t1-04"], "2": ["t2-01", "t2-05", "t2-06"], "3": []},
                           "discards": {"1": [], "2": [], "3": []}, "removed": [], "in_play": ["t1-02", "t1-01"]}
    put_defender(g2, "Kuntz", "upper:1-3")
    g2.state["decks"]["1"] = []
    g2.state["tasks"] = [["turn_end"]]
    g2.run()
    assert g2.state["attack"] == 2
    assert g2.state["tactics"]["discards"]["1"] == ["t1-01"]
    assert g2.tactics_in_play() == ["t2-01", "t1-02"]
    assert g2.state["tactics"]["decks"]["2"] == ["t2-05", "t2-06"]


def test_tactics_odds_include_the_defense_bonus_and_saves_round_trip() -> None:
    g = empty_game()
    g.state["difficulty"] = "veteran"
    smoke = next(c for c, k in RULES.tactics.items() if k.effect == "defense_bonus")
    g.state["tactics"]["in_play"] = [smoke]
    put_defender(g, "Gdaniec", "ground:2-3")
    cid = put_counter(g, "smg", "3-4:4")
    g.state["decision"], g.state["phase"] = {"kind": "actions"}, "actions"
    action = Action("attack", ("Gdaniec", cid))
    assert g.assault_defense(cid) == RULES.assault_types["smg"].defense + 1
    assert g.odds(action) == pytest.approx(hit_chance(g.attack_dice("Gdaniec"), g.assault_defense(cid)))
    restored = Game.from_json(g.to_json())
    assert restored.to_json() == g.to_json() and restored.tactics_in_play() == [smoke]
    # a save from before the Tactics cards (no "tactics" key) still loads as a Standard game
    import json
    old = json.loads(Game.new(2).to_json())
    del old["tactics"]
    legacy = Game.from_json(json.dumps(old))
    assert legacy.tactics_in_play() == [] and legacy.state["tactics"]["decks"]["1"] == []
    damaged = json.loads(g.to_json())
    damaged["tactics"]["in_play"] = ["t9-99"]
    with pytest.raises(ValueError, match="Tactics card"):
        Game.from_json(json.dumps(damaged))
    damaged["difficulty"] = "nightmare"
    with pytest.raises(ValueError, match="difficulty"):
        Game.from_json(json.dumps(damaged))


def test_every_roll_carries_the_number_it_must_reach() -> None:
    """Events carry what the board shows: each ``dice_rolled`` event names its target (the defense rolled
    against), so the dice tray marks the hits without reading the narration."""
    rolls = 0
    for seed in range(6):
        game, policy = Game.new(seed), RandomPolicy(seed)
        while not game.over:
            for e in game.apply(policy.choose(game)):
                if e.kind == "dice_rolled":
                    rolls += 1
                    assert 1 <= e.data["target"] <= 6, e.text
                    assert f"(defense {e.data['target']})" in e.text
    assert rolls > 20

"""Hints that move defenders away from the shelling say which floor is shelled, by whom, and the two floors' defense
tracks (issue 31, item 6): a new player read "down, away from the shelling" on one turn and "up, away from the
shelling" on the next and took them for a contradiction. The choices were right (a howitzer's hits had brought the
basement's defense near its lowest in between, 3.3), but the words did not say what had changed."""

from __future__ import annotations

from collections.abc import Iterator

from game.ai import HeuristicPolicy
from game.rules import Action, Game

SHELLING = ("shelling", "shells")


def track_words(game: Game, floor: str) -> str:
    """A floor's defense as a player reads it off its track on the board (worked out here, not by the AI)."""
    track = game.rules.floors[floor].defense
    index, last = int(game.state["defense"][floor]), len(track) - 1
    if index >= last:
        return f"defense {track[last]}, its lowest"
    hits = last - index
    return f"defense {track[index]}, lowest {track[last]} in {hits} hit{'s' if hits > 1 else ''}"


def shelling_moves(seed: int, difficulty: str) -> Iterator[tuple[Game, Action, str]]:
    """The heuristic's moves of a whole game whose reason is the shelling, each with the game before it and the
    reason, as the Hint says it."""
    game, policy = Game.new(seed, difficulty), HeuristicPolicy(seed)
    while not game.over:
        action, reason = policy.explain(game)
        if action.kind == "move" and any(word in reason for word in SHELLING):
            yield game, action, reason
        game.apply(action)


def floors_of(game: Game, action: Action, reason: str) -> tuple[str, str]:
    """The floor a move leaves (the shelled one) and the floor it goes to or, into the interior, the adjoining
    floor the reason says he makes for (exactly one)."""
    r = game.rules
    here = r.space_floor[game.state["defenders"][action.args[0]]["space"]]
    to = r.space_floor[action.args[1]]
    if to == here:
        named = [f for f in r.adjoining_interiors(here) if f"on his way to the {r.floors[f].name.lower()}"
                 in reason.lower()]
        assert len(named) == 1, reason
        to = named[0]
    return here, to


def test_down_then_up_away_from_the_shelling_says_what_changed_between_the_turns() -> None:
    """Seed 9, Standard, Attack 2 (game turns 10 to 12: the Attack's turns 4 to 6): the heuristic sends postal workers
    down from the ground floor to the basement, then, after the howitzer's hits on the basement, sends the
    Pipkas and Barzychowska toward the ground floor and up to it. Each reason names the floor shelled and both
    floors' defense tracks as the board shows them, so the reversal comes with its cause: the basement's
    defense was 3 hits from its lowest, then 1, then at its lowest."""
    said: dict[int, list[tuple[str, str, str]]] = {}
    for game, action, reason in shelling_moves(9, "standard"):
        turn = int(game.state["turn"])
        if turn > 12:
            break
        if turn < 10:
            continue
        here, to = floors_of(game, action, reason)
        inside = game.rules.space_floor[action.args[1]] == here
        said.setdefault(turn, []).append((here, "inside" if inside else to, reason))
        assert f"({track_words(game, here)})" in reason, reason  # the floor left: its track now
        assert f"({track_words(game, to)})" in reason, reason  # the floor made for
    down = [reason for here, to, reason in said[10] if (here, to) == ("ground", "basement")]
    toward = [reason for here, to, reason in said[11] if (here, to) == ("basement", "inside")]
    up = [reason for here, to, reason in said[12] if (here, to) == ("basement", "ground")]
    assert down and toward and up, said
    assert down[0].startswith("Postal worker 2 goes down to the basement interior, away from the shelling: the "
                              "howitzer's shells will disrupt"), down[0]
    assert "the ground floor more often (defense 6, lowest 4 in 3 hits) than the basement (defense 6, lowest 5 " \
           "in 3 hits)" in down[0]
    assert "on his way to the ground floor" in toward[0]
    assert "the basement more often (defense 6, lowest 5 in 1 hit)" in toward[0]
    assert "the basement more often (defense 5, its lowest)" in up[0]


def test_every_move_away_from_the_shelling_names_both_floors_tracks_as_they_stand() -> None:
    """Over whole games of the three difficulties: every shelling reason names the shelled floor and the floor it
    makes for with their defense tracks as they are at that moment (the words are true of the board); when the two
    tracks read alike, without their numbers (a playtest read the same numbers on both sides of "more often")."""
    seen = alike = 0
    for seed, difficulty in ((0, "standard"), (1, "veteran"), (2, "elite"), (42, "standard"), (105, "standard")):
        for game, action, reason in shelling_moves(seed, difficulty):
            r = game.rules
            here, to = floors_of(game, action, reason)
            if r.space_floor[action.args[1]] != here:
                order = list(r.floors)
                assert ("goes down to" if order.index(to) > order.index(here) else "goes up to") in reason, reason
            if track_words(game, here) == track_words(game, to):  # alike: no numbers that seem to contradict
                assert f"the {r.floors[here].name.lower()} more often than the {r.floors[to].name.lower()}" \
                    in reason.lower() and "(defense" not in reason, reason
                alike += 1
            else:
                assert f"the {r.floors[here].name.lower()} more often ({track_words(game, here)})" \
                    in reason.lower(), reason
                assert f"than the {r.floors[to].name.lower()} ({track_words(game, to)})" in reason.lower(), reason
            seen += 1
    assert seen > 50 and 0 < alike < seen

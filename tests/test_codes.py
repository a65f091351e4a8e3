"""Game codes (game/codes.py, issue 33): a game as a short text, replayed to the same game; damaged codes refused
in one line; ``postmen replay CODE --verify``, ``simulate --codes`` and ``postmen daily``."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import codes
from game.__main__ import main
from game.ai import make_policy
from game.daily import daily_seed
from game.rules import Game
from game.rules.data import default_rules
from game.sim import play_many


@pytest.fixture(scope="module")
def played() -> dict[str, list[dict[str, object]]]:
    """Games of three policies on the same seeds, as ``simulate`` plays them (with each decision's index)."""
    return play_many(12, 40, ["random", "heuristic"], jobs=1) | play_many(1, 40, ["planner"], jobs=1)


def code_of(summary: dict[str, object], difficulty: str = "standard") -> str:
    choices = summary["choices"]
    assert isinstance(choices, list)
    return codes.pack(codes.GameCode(int(str(summary["seed"])), difficulty, tuple(choices)))


def test_a_code_replays_to_the_game_played_with_its_score_and_outcome(
        played: dict[str, list[dict[str, object]]]) -> None:
    for policy, games in played.items():
        for summary in games:
            code = code_of(summary)
            assert len(code) <= 600, (policy, summary["seed"], len(code))  # a typical game's code: a few hundred
            game = codes.replay(code)
            assert game.over and game.result is not None
            assert (game.result["score"], game.result["outcome"], game.result["how"]) == \
                (summary["score"], summary["outcome"], summary["how"]), (policy, summary["seed"])
            assert codes.verdict(game, len(summary["choices"])) == (  # type: ignore[arg-type]
                f"seed {summary['seed']}, standard: score {summary['score']}, {summary['outcome']} "
                f"({summary['how']}), {summary['decisions']} decisions")


def test_the_code_of_a_game_with_its_record_is_the_code_of_its_choices() -> None:
    """``encode`` (the game's record of decisions replayed) gives the code ``simulate`` gives (the indices taken
    as it played), here at Veteran; a game in progress gives the code of its decisions so far."""
    game = Game.new(7, "veteran")
    game.keep_history = True
    policy = make_policy("heuristic", 7)
    choices = []
    while not game.over:
        legal = game.legal_actions()
        action = policy.choose(game)
        choices.append(legal.position(action))
        game.apply(action)
        if len(choices) == 30:
            assert codes.encode(game) == codes.pack(codes.GameCode(7, "veteran", tuple(choices)))
            assert codes.replay(codes.encode(game)).state == game.state
    assert codes.encode(game) == codes.pack(codes.GameCode(7, "veteran", tuple(choices)))
    assert codes.replay(codes.encode(game)).state == game.state


def test_position_is_the_index_of_every_legal_action() -> None:
    """Listed.position finds each legal action at its index, in plain listings and in Family blocks (the
    Defense Phase's moves)."""
    game = Game.new(3)
    policy = make_policy("random", 3)
    families = 0
    for _turn in range(40):
        if game.over:
            break
        legal = game.legal_actions()
        families += not legal._plain
        for i, action in enumerate(legal):
            assert legal.position(action) == i
        game.apply(policy.choose(game))
    assert families >= 3


def test_codes_read_in_either_case_with_spaces_and_dashes() -> None:
    code = codes.pack(codes.GameCode(5, "elite", (0, 3, 1)))
    spaced = "-".join(code[i:i + 4] for i in range(0, len(code), 4)).lower()
    assert codes.unpack(" " + spaced + "\n") == codes.GameCode(5, "elite", (0, 3, 1))


@pytest.mark.parametrize(("code", "why"), [
    ("", "empty"),
    ("AB!CD", "not part of a code"),
    ("x" * 9000, "too long"),
    ("AAAA", "checksum"),
])
def test_damaged_codes_are_refused_in_one_line(code: str, why: str) -> None:
    """(Also a code whose last letter changed only in the bits its bytes leave unused: refused, not read.)"""
    with pytest.raises(codes.CodeError) as refused:
        codes.unpack(code)
    assert why in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("decisions", [1, 2, 3, 4, 6, 7])  # codes whose last letter has 1 to 4 unused bits
def test_every_change_of_one_letter_of_a_code_is_refused(decisions: int) -> None:
    text = codes.pack(codes.GameCode(5, "elite", tuple(range(decisions))))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    for i, letter in enumerate(text):
        for other in alphabet:
            if other != letter:
                with pytest.raises(codes.CodeError):
                    codes.unpack(text[:i] + other + text[i + 1:])


def test_codes_of_another_version_or_other_rules_are_refused() -> None:
    good = codes.pack(codes.GameCode(1, "standard", ()))
    data = bytearray(codes.base64.b32decode(good + "=" * (-len(good) % 8)))
    data[0] = codes.CODE_VERSION + 1  # another version of the code
    data[-4:] = codes.zlib.crc32(bytes(data[:-4])).to_bytes(4, "big")
    other = codes.base64.b32encode(bytes(data)).decode().rstrip("=")
    with pytest.raises(codes.CodeError, match="another version"):
        codes.unpack(other)
    rules = default_rules()
    changed = dataclasses.replace(rules, morale_max=rules.morale_max + 1)
    with pytest.raises(codes.CodeError, match="other rules"):
        codes.unpack(good, changed)


def test_a_decision_that_is_not_legal_is_refused() -> None:
    with pytest.raises(codes.CodeError, match="decision 1 is not a legal choice"):
        codes.replay(codes.GameCode(0, "standard", (100_000,)))
    summary = play_many(1, 11, ["random"], jobs=1)["random"][0]
    choices = list(summary["choices"]) + [0]  # one more after the end
    with pytest.raises(codes.CodeError, match="after the end of the game"):
        codes.replay(codes.GameCode(11, "standard", tuple(choices)))


VALID = codes.pack(codes.GameCode(2, "standard", (0, 1, 0, 2, 0, 0, 1, 0, 0, 0)))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_damaged_code_is_refused_or_replayed_never_a_crash(data: st.DataObject) -> None:
    """A valid code with characters changed, dropped, added or cut, or any text: :class:`codes.CodeError` (one
    line) or a game, never another exception."""
    text = data.draw(st.one_of(
        st.text(max_size=120),
        st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", max_size=120),
        st.builds(lambda i, c: VALID[:i] + c + VALID[i + 1:], st.integers(0, len(VALID) - 1),
                  st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")),
        st.builds(lambda i: VALID[:i], st.integers(0, len(VALID))),
        st.builds(lambda i, c: VALID[:i] + c + VALID[i:], st.integers(0, len(VALID)), st.text(max_size=3)),
    ))
    try:
        game = codes.replay(text)
    except codes.CodeError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert isinstance(game, Game)


def test_replay_verify_prints_one_line_and_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    summary = play_many(1, 21, ["heuristic"], jobs=1)["heuristic"][0]
    code = code_of(summary)
    assert main(["replay", code, "--verify"]) == 0
    out, err = capsys.readouterr()
    assert out == (f"seed 21, standard: score {summary['score']}, {summary['outcome']} ({summary['how']}), "
                   f"{summary['decisions']} decisions\n") and not err
    damaged = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    assert main(["replay", damaged, "--verify"]) == 2
    out, err = capsys.readouterr()
    assert not out and err.startswith("postmen replay: the code is refused: ") and err.count("\n") == 1


def test_simulate_codes_prints_a_seed_and_a_code_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--seed", "5", "--policy", "random", "--codes", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" ")[0] for line in lines] == ["5", "6", "7"]
    played = play_many(3, 5, ["random"], jobs=1)["random"]
    for line, summary in zip(lines, played, strict=True):
        seed, code = line.split(" ")
        game = codes.replay(code)
        assert game.result is not None and game.result["score"] == summary["score"]


def test_the_daily_seed_is_the_same_for_a_date_and_differs_between_dates(
        capsys: pytest.CaptureFixture[str]) -> None:
    day = datetime.date(2026, 11, 28)
    assert daily_seed(day) == daily_seed(datetime.date(2026, 11, 28)) == 1338344102933109123
    year = [daily_seed(day + datetime.timedelta(days=k)) for k in range(3 * 366)]
    assert len(set(year)) == len(year) and all(0 <= s < 2**63 for s in year)
    assert main(["daily", "--date", "2026-11-28"]) == 0
    assert capsys.readouterr().out == "1338344102933109123\n"
    with pytest.raises(SystemExit) as bad:
        main(["daily", "--date", "28/11/2026"])
    assert bad.value.code == 2

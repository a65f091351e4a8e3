"""The baseline policy: a uniformly random legal action, from its own seeded PCG32 stream."""

from __future__ import annotations

from game.rules import Action, Game
from game.rules.rng import Pcg32

# A stream of its own, so the policy's numbers never mirror the game's dice (the game uses the default stream).
POLICY_STREAM = 0x706F6C


class RandomPolicy:
    """Picks uniformly among ``game.legal_actions()``; deterministic for a given seed and game."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = Pcg32.seeded(seed, POLICY_STREAM)

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        return legal[self._rng.below(len(legal))]

    def explain(self, game: Game) -> tuple[Action, str]:
        action = self.choose(game)
        return action, f"{action} (picked at random)"

    def __repr__(self) -> str:
        return f"RandomPolicy(seed={self.seed})"

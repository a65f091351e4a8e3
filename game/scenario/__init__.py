"""The scenario runner: the rulebook's gameplay examples as executable tests (``python -m game.scenario DIR``).

Test tooling beside the rules core, not part of it: it builds positions by semantic ids and forces dice through
the core's public interface and a few of its phase starters (:mod:`game.scenario.runner`)."""

from game.scenario.runner import ScenarioResult, main, run_file, scenario_files

__all__ = ["ScenarioResult", "main", "run_file", "scenario_files"]

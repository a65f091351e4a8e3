"""The rules core: deterministic, headless, pure Python (no pygame, no pymunk).

Public API: :class:`Game` (state machine with ``legal_actions``/``apply``), :class:`Action`, :class:`Event`,
:class:`EventKind`, :class:`IllegalAction`, :func:`load_rules` (the ``levels/`` data) and :class:`LevelError`.
"""

from game.rules.actions import Action, IllegalAction
from game.rules.data import LevelError, Rules, load_rules
from game.rules.engine import Game
from game.rules.events import Event
from game.rules.kinds import EventKind

__all__ = ["Action", "Event", "EventKind", "Game", "IllegalAction", "LevelError", "Rules", "load_rules"]

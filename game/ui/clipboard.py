"""The system clipboard, for game codes (issue 33): copied from the results and the pause menu, pasted on the
title. Through SDL's clipboard (pygame-ce's ``pygame.scrap.put_text``/``get_text``), which needs the display
initialised; a clipboard that cannot be used is a one-line message, never a crash."""

from __future__ import annotations

import pygame

MAX_PASTE = 8192  # characters: a code is at most a few hundred; anything longer is not a code


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; whether it could."""
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError):
        return False


def paste() -> str | None:
    """The clipboard's text (at most :data:`MAX_PASTE` characters, the rest cut), "" when empty, None when the
    clipboard cannot be read."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return None
    return str(text or "")[:MAX_PASTE]

"""The results: score, award and victory level, and who survived, escaped or fell, by name."""

from __future__ import annotations

import pygame

from game.rules import Game
from game.ui import palette as P
from game.ui.context import Context
from game.ui.fonts import blit_text, wrap
from game.ui.scene import Scene
from game.ui.widgets import Button, handle_buttons, panel

HOW = {"fire_truck": "The fire truck ended the day.", "morale": "Morale broke: the post office fell.",
       "no_defenders": "No defender was left in the post office.", "decks": "The Attack decks were spent."}


class ResultsScene(Scene):
    name = "results"

    def __init__(self, ctx: Context, game: Game) -> None:
        super().__init__(ctx)
        self.game = game
        self.result = dict(game.result or {})
        groups: dict[str, list[str]] = {"board": [], "escaped": [], "casualty": []}
        for name, d in game.state["defenders"].items():
            groups.setdefault(d["status"], []).append(name)
        self.groups = groups
        self.t = 0.0
        self.buttons = [Button((1440, 960, 400, 66), "Back to the title", self.to_title, 28),
                        Button((1000, 960, 400, 66), "New game", self.new_game, 28,
                               tip="Defend the post office again")]

    def new_game(self) -> None:
        from game.ui.scenes.play import PlayScene
        self.to_title()
        seed = self.ctx.seed if self.ctx.seed is not None else (self.game.state["seed"] * 7919 + 1) % 1_000_000
        self.stack.push(PlayScene(self.ctx, Game.new(seed), fresh=True))

    def to_title(self) -> None:
        while self.stack.top is not None and self.stack.top.name != "title":
            self.stack.pop()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.to_title()
            return None
        handle_buttons(self.buttons, event)
        return None

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(P.PAPER)
        r = self.result
        level = r.get("level", "")
        award = r.get("award", "")
        blit_text(surface, "AFTER THE BATTLE", "type_bold", 56, P.INK, (960, 40), "midtop")
        blit_text(surface, HOW.get(str(r.get("how", "")), str(r.get("how", ""))), "type", 28, P.INK_SOFT,
                  (960, 120), "midtop")
        medal = pygame.Rect(0, 0, 900, 190)
        medal.midtop = (960, 180)
        panel(surface, medal, P.PAPER_LIGHT, P.INK, width=3)
        colour = P.TARGET if r.get("outcome") == "loss" else P.POST_BLUE
        blit_text(surface, f"Score {r.get('score', 0)}", "sans_bold", 54, P.INK, (medal.x + 40, medal.y + 30))
        blit_text(surface, level, "type_bold", 40, colour, (medal.x + 40, medal.y + 110))
        if award:
            cx, cy = medal.right - 110, medal.centery
            pygame.draw.polygon(surface, P.TARGET, [(cx - 30, cy - 80), (cx + 30, cy - 80), (cx + 14, cy - 30),
                                                     (cx - 14, cy - 30)])
            pygame.draw.circle(surface, P.GOLD, (cx, cy + 10), 46)
            pygame.draw.circle(surface, P.INK, (cx, cy + 10), 46, 3)
            pygame.draw.circle(surface, P.WORKER_WHITE, (cx, cy + 10), 22)
            blit_text(surface, award, "type_bold", 28, P.INK, (medal.right - 180, medal.y + 120), "topright")
        blit_text(surface, f"Attack {r.get('attack', '?')}, turn {r.get('turns', '?')}", "sans", 22, P.INK_SOFT,
                  (medal.right - 180, medal.y + 36), "topright")
        cols = [("Survived", self.groups.get("board", []), P.POST_BLUE),
                ("Escaped", self.groups.get("escaped", []), P.OK_GREEN),
                ("Fell", self.groups.get("casualty", []), P.TARGET)]
        for i, (title, names, col) in enumerate(cols):
            box = pygame.Rect(60 + i * 610, 400, 580, 540)
            panel(surface, box, P.PAPER_LIGHT, P.INK, width=2)
            blit_text(surface, f"{title} ({len(names)})", "type_bold", 30, col, (box.x + 20, box.y + 14))
            lines = wrap(", ".join(names) if names else "nobody", "type", 21, box.w - 40)
            for j, line in enumerate(lines[:18]):
                blit_text(surface, line, "type", 21, P.INK, (box.x + 20, box.y + 64 + j * 26))
        for b in self.buttons:
            b.draw(surface)

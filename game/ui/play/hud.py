"""The panels around the board: the top bar (title, Attack, turn and phase, score, the speed, Menu and Hint
buttons), the side panel (Attack decks and the card being resolved, the morale track, the defenders box, the
Tactics cards in play, the log) and the bottom bar (prompt, notice or hint caption, choice buttons, dice tray).
Each panel is cached and redrawn the frame what it shows changes (game/ui/cache.py)."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game import daily
from game.i18n import N_, Said, _, same
from game.rules import Game, Rules
from game.rules.names import card_text
from game.rules.scoring import bands
from game.ui import palette
from game.ui.cache import HoverRegions, PanelCache, ScreenMemory
from game.ui.effects import DiceTray
from game.ui.fonts import blit_text, font, wrap
from game.ui.layout import BOTTOM, DICE_TRAY, SIDE, TOP_BAR
from game.ui.log_panel import LogPanel
from game.ui.play.stage import Stage
from game.ui.view import View
from game.ui.widgets import Button, button_states, panel
from game.ui.words import CARD_KINDS, fit

SPEED_LABELS = ((1.0, "1x"), (2.0, "2x"), (4.0, "4x"), (0.0, N_("Skip")))
TOP_BUTTONS_X = 1920 - 8 - 4 * 76 - 96  # the speed buttons, then Menu; Hint and Undo to their left
PHASE_NAMES = {"enemy": N_("Enemy Phase"), "moves": N_("Defense Phase: moves"),
               "actions": N_("Defense Phase: actions"), "clearing": N_("Clearing Phase"), "escape": N_("Escape Phase"),
               "over": N_("Game over"), "setup": N_("Set-up")}
DIFFICULTY_LABELS = {"standard": N_("Standard"), "veteran": N_("Veteran"), "elite": N_("Elite")}
TACTIC_CARD_H = 104  # a Tactics card in the side panel: name and three lines of effect text
HINT_TIP = N_("The planner's recommended next action and why (H)")
UNDO_TIP = N_("Take back your last decision (Ctrl+Z); possible back to the last die, card or shuffle")
NOTICE_TIME = 3.5  # seconds a notice stays in the bottom bar

TacticSlot = tuple[str | None, int, float, palette.Colour, float]


def tactics_rect(rules: Rules, difficulty: str) -> pygame.Rect:
    """The side panel's Tactics area: one card high at Veteran, two at Elite, none at Standard."""
    mode = rules.tactics_modes.get(difficulty)
    if mode is None or mode.in_play <= 0:
        return pygame.Rect(SIDE.x, SIDE.y + 420, SIDE.w, 0)
    return pygame.Rect(SIDE.x, SIDE.y + 420, SIDE.w, 40 + mode.in_play * TACTIC_CARD_H)


def top_bar_buttons(speed: float, set_speed: Callable[[float], None], open_pause: Callable[[], None],
                    ask_hint: Callable[[], None], undo: Callable[[], None] | None = None) -> list[Button]:
    """The animation speeds (the current one selected), Menu, Hint and (in a player's game) Undo."""
    buttons = []
    x = TOP_BUTTONS_X
    for sp, label in SPEED_LABELS:
        def choose(sp: float = sp) -> None:
            set_speed(sp)
        buttons.append(Button((x, 8, 70, 40), label if sp == 0 else same(label), choose, 22,
                              tip=_("Animation speed {speed}", speed=_(label) if sp == 0 else same(label)),
                              selected=speed == sp))
        x += 76
    buttons.append(Button((x, 8, 88, 40), N_("Menu"), open_pause, 22, tip=N_("Pause menu (Esc)")))
    buttons.append(Button((TOP_BUTTONS_X - 106, 8, 96, 40), N_("Hint"), ask_hint, 22, tip=HINT_TIP))
    if undo is not None:
        buttons.append(Button((TOP_BUTTONS_X - 212, 8, 96, 40), N_("Undo"), undo, 22, tip=UNDO_TIP))
    return buttons


def draw_buttons(surface: pygame.Surface, buttons: list[Button], origin: tuple[int, int]) -> None:
    """Draw ``buttons`` on a cached panel whose top left corner is ``origin`` on the screen."""
    for b in buttons:
        b.draw(surface, origin)


CAPTION_SIZE, CAPTION_WRAPPED = 19, 15  # the gold caption on one line; on two
CAPTION_TOP, CAPTION_STEP = 37, 17  # where a caption of two lines starts in the bottom bar, and its line step


def caption_lines(text: str, width: int) -> tuple[tuple[str, int], ...]:
    """The gold caption as drawn: one line at 19 to 17 px when it fits, else wrapped onto two lines at 15 px, the
    second cut at a word (with an ellipsis) if the text needs more."""
    line, size = fit(text, "sans_bold", CAPTION_SIZE, width, 17)
    if line == text:
        return ((line, size),)
    wrapped = wrap(text, "sans_bold", CAPTION_WRAPPED, width)
    if len(wrapped) <= 2:
        return tuple((part, CAPTION_WRAPPED) for part in wrapped)
    rest = " ".join(wrapped[1:])
    words = rest.split(" ")
    while len(words) > 1 and font("sans_bold", CAPTION_WRAPPED).size(" ".join(words) + " …")[0] > width:
        words.pop()
    cut = " ".join(words) + " …"
    return (wrapped[0], CAPTION_WRAPPED), (same(cut) if isinstance(text, Said) else cut, CAPTION_WRAPPED)


class Hud:
    """The panels of one game; ``log`` is the narration the animator writes, ``notice`` the one line saying why a
    click did nothing (for NOTICE_TIME seconds)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules
        self.daily = daily.challenge_date(int(game.state["seed"]), str(game.state["difficulty"])) is not None
        self.tactics_rect = tactics_rect(self.rules, str(game.state.get("difficulty", "standard")))
        log_top = self.tactics_rect.bottom + 10 if self.tactics_rect.h else SIDE.y + 420
        self.log = LogPanel(pygame.Rect(SIDE.x, log_top, SIDE.w, SIDE.bottom - log_top), under=palette.TABLE)
        self.notice = ""
        self.notice_t = 0.0
        self.top_cache = PanelCache(TOP_BAR, keyed=False)
        self.decks_cache = PanelCache(pygame.Rect(SIDE.x, SIDE.y, SIDE.w, 190), under=palette.TABLE)
        self.morale_cache = PanelCache(pygame.Rect(SIDE.x, SIDE.y + 200, SIDE.w, 110), under=palette.TABLE)
        self.tactics_cache = PanelCache(self.tactics_rect, under=palette.TABLE) if self.tactics_rect.h else None
        self.bottom_cache = PanelCache(BOTTOM, under=palette.TABLE)
        self.status_cache = PanelCache(pygame.Rect(SIDE.x, SIDE.y + 320, SIDE.w, 90), under=palette.TABLE)
        # what the scene's last frame left on the screen (set by the scene: the panels not blitted again)
        self.memory: ScreenMemory | None = None

    def say(self, msg: str) -> None:
        self.notice = msg
        self.notice_t = NOTICE_TIME

    def update(self, dt: float) -> None:
        self.notice_t = max(0.0, self.notice_t - dt)

    def panel_caches(self) -> list[PanelCache]:
        """The cached panels (top bar, side panels, log, bottom bar)."""
        caches = [self.top_cache, self.decks_cache, self.morale_cache, self.status_cache, self.tactics_cache,
                  self.log.cache, self.bottom_cache]
        return [c for c in caches if c is not None]

    def opaque(self) -> tuple[pygame.Rect, ...]:
        """Where the panels drawn every frame cover the table, opaque (the log where it is now: the guided game's
        coach takes its lower part)."""
        return (*(c.rect for c in self.panel_caches() if c is not self.log.cache), self.log.rect)

    def invalidate(self) -> None:
        for cache in self.panel_caches():
            cache.invalidate()

    # ------------------------------------------------------------------ top bar
    def draw_top(self, surface: pygame.Surface, view: View, buttons: list[Button],
                 hint_blocker: Callable[[], str], undo_blocker: Callable[[], str] = lambda: "") -> HoverRegions:
        """The top bar; the Hint and Undo buttons are enabled unless ``hint_blocker()`` or ``undo_blocker()``
        says why not (the button's tip then). Its hover text: the score's parts (a playtest asked what the
        score is)."""
        s = view.state
        phase = _(PHASE_NAMES.get(s["phase"], s["phase"]))
        head = _("Attack {attack}  ·  Turn {turn}  ·  {phase}", attack=s["attack"], turn=s["attack_turn"],
                 phase=phase)
        if s["phase"] == "moves":
            head = _("{head}  ·  moves left {n}", head=head,
                     n=max(0, self.game.limit("defender_moves") - self.game.state["moves"]))
        elif s["phase"] == "actions":
            head = _("{head}  ·  actions left {n}", head=head,
                     n=max(0, self.game.limit("defender_actions") - self.game.state["actions"]))
        difficulty = str(self.game.state.get("difficulty", "standard"))
        diff = _("Daily challenge") if self.daily else _(DIFFICULTY_LABELS.get(difficulty, "Standard"))
        status = _("{difficulty}  ·  score now {score}", difficulty=diff, score=self.game.score_of(s))
        for b in buttons:
            if b.key == "Hint":
                why = hint_blocker()
                b.enabled = not why
                b.tip = why or HINT_TIP
            elif b.key == "Undo":
                why = undo_blocker()
                b.enabled = not why
                b.tip = why or UNDO_TIP

        def render(panel_surface: pygame.Surface, rect: pygame.Rect) -> None:
            pygame.draw.rect(panel_surface, (46, 40, 34), rect)
            blit_text(panel_surface, "POSTMEN", "type_bold", 30, palette.GOLD, (rect.x + 16, rect.y + 10))
            blit_text(panel_surface, head, "sans_bold", 22, palette.PAPER_LIGHT, (rect.x + 190, rect.y + 15))
            left = min(b.rect.x for b in buttons) if buttons else rect.right
            blit_text(panel_surface, status, "sans", 18, (200, 190, 170), (left - 16, rect.y + 18), "topright")
            draw_buttons(panel_surface, buttons, self.top_cache.rect.topleft)
        self.top_cache.draw(surface, (head, status, button_states(buttons)), render, self.memory)
        left = min(b.rect.x for b in buttons) if buttons else TOP_BAR.right
        w, h = font("sans", 18).size(status)
        board, escaped, inside = self.game.score_parts_of(s)
        win, draw = bands()  # (the core's bands of 7.0)
        tip = _("The score if the game ended now (7.0): {board} for the postal workers and noncombatants still in "
                "the post office (each worth the morale his loss would cost), {escaped} for those who escaped "
                "(doubled), minus {inside} for the enemy counters inside. {win} or more is a victory, {draw} to "
                "{below} a draw; a broken morale loses whatever the score.", board=board, escaped=escaped,
                inside=inside, win=win, draw=draw, below=win - 1)
        return [(pygame.Rect(left - 16 - w, TOP_BAR.y + 14, w, h + 8), tip)]

    # ------------------------------------------------------------------ side panel
    def draw_side(self, surface: pygame.Surface, stage: Stage, log_covered: bool = False) -> HoverRegions:
        """Decks and card, morale, defenders, Tactics cards and the log (unless ``log_covered``: an opaque panel is
        drawn over the whole of it); returns the panels' hover regions."""
        view = stage.view
        s = view.state
        hovers: HoverRegions = []
        # decks and the card being resolved
        card = view.card if view.card and view.card in self.rules.cards else ""
        counts = tuple(view.cards_left(str(i + 1)) for i in range(3))
        flip = self._card_width(stage, self.decks_cache.rect.w - 215) if card else 0

        def render_decks(panel_surface: pygame.Surface, box: pygame.Rect) -> HoverRegions:
            return self._render_decks(panel_surface, box, stage)
        hovers.extend(self.decks_cache.draw(surface, (s["attack"], counts, card, flip), render_decks, self.memory))
        # morale track (the marker slides over the cached track)

        def render_morale(panel_surface: pygame.Surface, box: pygame.Rect) -> HoverRegions:
            return self._render_morale(panel_surface, box, view)
        hovers.extend(self.morale_cache.draw(surface, (s["morale"],), render_morale, self.memory))
        self._draw_morale_marker(surface, stage)
        if self.memory is not None:  # the marker slides over the kept track
            self.memory.drawn_over(self.morale_cache.rect)
        # status box: defenders
        board = fallen = escaped = 0
        for d in s["defenders"].values():
            status = d["status"]
            if status == "board":
                board += 1
            elif status == "casualty":
                fallen += 1
            elif status == "escaped":
                escaped += 1
        inside = sum(len(v) for v in s["interior"].values())
        opened = len(s["barriers_open"])

        def render_status(panel_surface: pygame.Surface, sbox: pygame.Rect) -> None:
            panel(panel_surface, sbox, palette.PAPER_LIGHT, palette.INK)
            blit_text(panel_surface, _("DEFENDERS"), "cond", 16, palette.INK_SOFT, (sbox.x + 10, sbox.y + 6))
            blit_text(panel_surface, _("in the building {board}   fallen {fallen}   escaped {escaped}", board=board,
                                       fallen=fallen, escaped=escaped), "sans", 16, palette.INK, (sbox.x + 10,
                                                                                                  sbox.y + 30))
            blit_text(panel_surface, _("enemy counters inside {inside}   barriers open {open}", inside=inside,
                                       open=opened), "sans", 16, palette.INK, (sbox.x + 10, sbox.y + 56))
        self.status_cache.draw(surface, (board, fallen, escaped, inside, opened), render_status, self.memory)
        hovers.extend(self._draw_tactics(surface, stage))
        if log_covered:
            if self.memory is not None:
                self.memory.covered(self.log.cache)
            return hovers
        self.log.draw(surface, self.memory)
        hovers.extend(self.log.hover_regions())  # a log line: click for its rule
        return hovers

    @staticmethod
    def _card_width(stage: Stage, card_w: int) -> int:
        """The width of the card being resolved as it flips face up (``card_w`` when it lies flat)."""
        k = stage.card_flip
        return max(2, int(card_w * abs(math.cos(math.pi * (1 - k) / 2)) if k < 1 else card_w))

    def _render_decks(self, surface: pygame.Surface, box: pygame.Rect, stage: Stage) -> HoverRegions:
        """The attack decks and the card being resolved, drawn at ``box`` (cached: see :meth:`draw_side`)."""
        view = stage.view
        s = view.state
        panel(surface, box, palette.PAPER_LIGHT, palette.INK)
        blit_text(surface, _("ATTACK DECKS"), "cond", 16, palette.INK_SOFT, (box.x + 10, box.y + 6))
        for i in range(3):
            deck = str(i + 1)
            cnt = view.cards_left(deck)
            x = box.x + 12 + i * 64
            y = box.y + 34
            for j in range(min(5, max(1, cnt // 6 + 1))):
                r = pygame.Rect(x + j * 2, y - j * 2, 52, 72)
                pygame.draw.rect(surface, (120, 40, 36) if cnt else palette.INK_FAINT, r, border_radius=4)
                pygame.draw.rect(surface, palette.INK, r, 1, border_radius=4)
            blit_text(surface, deck, "sans_bold", 22, palette.PAPER_LIGHT, (x + 26, y + 26), "center")
            blit_text(surface, _("{n} left", n=cnt), "sans", 14, palette.INK, (x + 28, y + 82), "midtop")
            if str(s["attack"]) == deck:
                pygame.draw.rect(surface, palette.GOLD, pygame.Rect(x - 3, y - 14, 64, 90), 2, border_radius=5)
        # card being resolved
        card_rect = pygame.Rect(box.x + 205, box.y + 28, box.w - 215, 150)
        if view.card and view.card in self.rules.cards:
            w = self._card_width(stage, card_rect.w)
            r = pygame.Rect(0, 0, w, card_rect.h)
            r.center = card_rect.center
            pygame.draw.rect(surface, (250, 244, 226), r, border_radius=6)
            pygame.draw.rect(surface, palette.INK, r, 2, border_radius=6)
            if w > card_rect.w * 0.8:
                card = self.rules.cards[view.card]
                blit_text(surface, _("Card {id}", id=card.id), "type_bold", 15, palette.INK, (r.x + 8, r.y + 6))
                heading = wrap(same(_(CARD_KINDS.get(card.type, card.type)).upper()), "cond", 15, r.w - 16)
                for j, line in enumerate(heading[:2]):
                    blit_text(surface, line, "cond", 15, palette.TARGET, (r.x + 8, r.y + 26 + j * 17))
                top = r.y + 30 + 17 * min(2, len(heading))
                for j, line in enumerate(wrap(card_text(self.rules, card), "type", 14, r.w - 16)[:5]):
                    blit_text(surface, line, "type", 14, palette.INK, (r.x + 8, top + j * 17))
        else:
            pygame.draw.rect(surface, palette.INK_FAINT, card_rect, 2, border_radius=6)
            blit_text(surface, _("no card"), "type", 14, palette.INK_FAINT, card_rect.center, "center")
        return [(box, _("Attack {attack} deck: the enemy draws five cards a turn (3.0)", attack=s["attack"]))]

    def _draw_morale_marker(self, surface: pygame.Surface, stage: Stage) -> None:
        """The morale marker over the cached track: it hops space by space (lifted between two), and the space
        it lands on pulses red for a loss, green for a gain (the marker flushes the same colour)."""
        mbox = self.morale_cache.rect
        mx = self.rules.morale_max
        cw = (mbox.w - 20) // mx
        cx = mbox.x + 10 + (stage.morale_drawn - 0.5) * cw
        cy = mbox.y + 56 - stage.morale_lift
        pulse = stage.morale_pulse
        colour = palette.OK_GREEN if stage.morale_gain else palette.TARGET
        if pulse > 0:
            v = max(1, min(mx, round(stage.morale_drawn)))
            cell = pygame.Rect(mbox.x + 10 + (v - 1) * cw, mbox.y + 30, cw, 44)
            pygame.draw.rect(surface, colour, cell.inflate(int(6 * pulse), int(6 * pulse)), max(1, int(4 * pulse)))
            ring = int(13 + 14 * (1 - pulse))
            pygame.draw.circle(surface, palette.mix(palette.PAPER_LIGHT, colour, pulse), (int(cx), mbox.y + 56), ring,
                               max(1, int(3 * pulse)))
        if stage.morale_lift > 0:  # its shadow stays on the track
            pygame.draw.ellipse(surface, palette.mix(palette.PAPER_DARK, palette.INK, 0.3),
                                pygame.Rect(int(cx) - 10, mbox.y + 62, 20, 6))
        body = palette.mix(palette.POST_BLUE, colour, 0.6 * pulse)
        pygame.draw.circle(surface, body, (int(cx), int(cy)), 13)
        pygame.draw.circle(surface, palette.PAPER_LIGHT, (int(cx), int(cy)), 13, 2)

    def _render_morale(self, surface: pygame.Surface, mbox: pygame.Rect, view: View) -> HoverRegions:
        """The morale track without its marker, drawn at ``mbox`` (cached: see :meth:`draw_side`)."""
        s = view.state
        panel(surface, mbox, palette.PAPER_LIGHT, palette.INK)
        blit_text(surface, _("MORALE"), "cond", 16, palette.INK_SOFT, (mbox.x + 10, mbox.y + 6))
        mx = self.rules.morale_max
        cw = (mbox.w - 20) // mx
        band_col = {"Panicked": (200, 110, 90), "Shaken": (226, 190, 110), "Emboldened": (140, 180, 120)}
        for name, lo, hi in self.rules.morale_bands:
            r = pygame.Rect(mbox.x + 10 + (lo - 1) * cw, mbox.y + 30, (hi - lo + 1) * cw, 44)
            pygame.draw.rect(surface, band_col.get(name, palette.PAPER_DARK), r)
            label, size = fit(_(name), "cond", 12, r.w - 4, smallest=9)  # a band's name within its cells
            blit_text(surface, label, "cond", size, palette.INK, (r.centerx, r.bottom + 3), "midtop")
        for v in range(1, mx + 1):
            r = pygame.Rect(mbox.x + 10 + (v - 1) * cw, mbox.y + 30, cw, 44)
            pygame.draw.rect(surface, palette.INK, r, 1)
            blit_text(surface, str(v), "sans", 13, palette.INK_SOFT, (r.x + 3, r.y + 2))
        return [(mbox, _("Morale {morale}: {band} (1.2); the post office falls at 0", morale=s["morale"],
                         band=_(self.rules.band(s["morale"]))))]

    def _tactic_slots(self, stage: Stage) -> list[TacticSlot]:
        """What each Tactics slot shows now: (card or None, drawn width, flip 0..1, fill, flash)."""
        box = self.tactics_rect
        s = stage.view.state
        t = s.get("tactics") or {"decks": {}, "in_play": []}
        mode = self.rules.tactics_modes.get(str(s.get("difficulty", "standard")))
        out: list[TacticSlot] = []
        slot_w = box.w - 16
        for i in range(mode.in_play if mode else 1):
            cid = t["in_play"][i] if i < len(t["in_play"]) else None
            if cid is None or cid not in self.rules.tactics:
                out.append((None, 0, 1.0, (250, 244, 226), 0.0))
                continue
            k = stage.tactic_flip.get(cid, 1.0)
            w = max(2, int(slot_w * abs(math.cos(math.pi * (1 - k) / 2)))) if k < 1 else slot_w
            flash = stage.tactic_flash.get(cid, 0.0)
            fill = palette.mix((250, 244, 226), palette.HIGHLIGHT, min(1.0, flash)) if flash > 0 else (250, 244, 226)
            out.append((cid, w, k, fill, flash))
        return out

    def _draw_tactics(self, surface: pygame.Surface, stage: Stage) -> HoverRegions:
        """The Tactics cards in play (8.1.2, 8.2.2) with their effect text, newest first, and the deck count."""
        cache = self.tactics_cache
        if cache is None:
            return []
        s = stage.view.state
        t = s.get("tactics") or {"decks": {}, "in_play": []}
        left = len(t["decks"].get(str(s["attack"]), []))
        slots = self._tactic_slots(stage)
        # what the cached panel shows: the flip and flash values only through the width, side and colour drawn
        key = (s["attack"], left, tuple((cid, w, k < 0.5, fill, flash > 0) for cid, w, k, fill, flash in slots))

        def render(panel_surface: pygame.Surface, box: pygame.Rect) -> HoverRegions:
            return self._render_tactics(panel_surface, box, s["attack"], left, slots)
        return cache.draw(surface, key, render, self.memory)

    def _render_tactics(self, surface: pygame.Surface, box: pygame.Rect, attack: object, left: int,
                        slots: list[TacticSlot]) -> HoverRegions:
        hovers: HoverRegions = []
        panel(surface, box, palette.PAPER_LIGHT, palette.INK)
        blit_text(surface, _("TACTICS CARDS IN PLAY"), "cond", 16, palette.INK_SOFT, (box.x + 10, box.y + 6))
        blit_text(surface, _("deck {n} left", n=left), "cond", 16, palette.INK_SOFT, (box.right - 10, box.y + 6),
                  "topright")
        hovers.append((pygame.Rect(box.x, box.y, box.w, 30),
                       _("Tactics deck of Attack {attack}: {n} cards left (8.1.2, 8.2.2)", attack=attack, n=left)))
        for i, (cid, w, k, fill, flash) in enumerate(slots):
            slot = pygame.Rect(box.x + 8, box.y + 32 + i * TACTIC_CARD_H, box.w - 16, TACTIC_CARD_H - 6)
            if cid is None:
                pygame.draw.rect(surface, palette.INK_FAINT, slot, 1, border_radius=6)
                blit_text(surface, _("no card"), "type", 15, palette.INK_FAINT, slot.center, "center")
                continue
            card = self.rules.tactics[cid]
            r = pygame.Rect(0, 0, w, slot.h)
            r.center = slot.center
            if k < 0.5:  # still the back of the card
                pygame.draw.rect(surface, (120, 40, 36), r, border_radius=6)
                pygame.draw.rect(surface, palette.INK, r, 2, border_radius=6)
                continue
            pygame.draw.rect(surface, fill, r, border_radius=6)
            pygame.draw.rect(surface, palette.TARGET if flash > 0 else palette.INK, r, 3 if flash > 0 else 2,
                             border_radius=6)
            if w < slot.w * 0.8:
                continue
            deck = _("Attack {attack}", attack=card.deck)
            room = r.w - 26 - font("cond", 14).size(deck)[0]  # the name, then its deck's label at the right
            name, size = fit(_(card.name), "sans_bold", 19, room, smallest=13)
            blit_text(surface, name, "sans_bold", size, palette.TRAINED_RED, (r.x + 10, r.y + 6 + (19 - size) // 2))
            blit_text(surface, deck, "cond", 14, palette.INK_SOFT, (r.right - 8, r.y + 9), "topright")
            lines = wrap(_(card.text), "sans", 16, r.w - 20)
            for j, line in enumerate(lines[:3]):
                if j == 2 and len(lines) > 3:
                    line = line.rstrip() + "…"
                blit_text(surface, line, "sans", 16, palette.INK, (r.x + 10, r.y + 32 + j * 20))
            hovers.append((r, _("{card} (Tactics card, Attack {attack})\n{text}", card=_(card.name), attack=card.deck,
                                text=_(card.text))))
        return hovers

    # ------------------------------------------------------------------ bottom bar
    def notice_line(self) -> str:
        """The notice (why a click did nothing...) fitted beside the dice tray, cut with an ellipsis."""
        return fit(self.notice, "sans", 17, DICE_TRAY.x - BOTTOM.x - 28, 17)[0]

    def draw_bottom(self, surface: pygame.Surface, prompt: str, caption: Callable[[], str], buttons: list[Button],
                    tray: DiceTray) -> HoverRegions:
        """The prompt, then the notice while it lasts or else the gold ``caption()``; the choice buttons and the
        dice tray beside them. A caption too long for one line wraps onto two (never cut mid-word); one too long
        even for two is cut at a word and read whole on hover (the returned hover region)."""
        width = DICE_TRAY.x - BOTTOM.x - 28
        lines: tuple[tuple[str, int], ...] = ()
        hovers: HoverRegions = []
        if self.notice_t > 0:
            notice: str | None = self.notice_line()
        else:
            notice = None
            text = caption()
            if text:
                lines = caption_lines(text, width)
                if " ".join(line for line, _size in lines) != text:
                    hovers.append((pygame.Rect(BOTTOM.x + 14, BOTTOM.y + 38, width, 36), text))

        def render(panel_surface: pygame.Surface, rect: pygame.Rect) -> None:
            panel(panel_surface, rect, (70, 60, 50), palette.INK)
            blit_text(panel_surface, prompt, "sans_bold", 20, palette.PAPER_LIGHT, (rect.x + 14, rect.y + 12))
            if notice is not None:
                blit_text(panel_surface, notice, "sans", 17, (255, 200, 160), (rect.x + 14, rect.y + 42))
            for i, (line, size) in enumerate(lines):
                top = rect.y + (42 if len(lines) == 1 else CAPTION_TOP + CAPTION_STEP * i)
                blit_text(panel_surface, line, "sans_bold", size, palette.GOLD, (rect.x + 14, top))
            draw_buttons(panel_surface, buttons, self.bottom_cache.rect.topleft)
            if dice is not None:
                tray.draw(panel_surface, self.bottom_cache.rect.topleft)
        # the tray at rest is part of the bar's image (what it shows: the dice, the hits, the words of the roll)
        dice = (tuple(tray.values), tray.good, str(tray.label)) if tray.settled else None
        self.bottom_cache.draw(surface, (prompt, notice, lines, button_states(buttons), dice), render, self.memory)
        if dice is None:  # the dice tumbling over the bar
            tray.draw(surface)
            if self.memory is not None:
                self.memory.drawn_over(tray.rect)
        return hovers

"""The rules reference's text: every section of the rulebook retold in the game's own words, as data.

Each entry is ``(number, title, text)``: ``number`` is the rulebook section ("4.2.1"; several entries may share
one, such as the parts of 3.1), or "" for the closing entry on the controls. The rulebook is the authority;
these paragraphs paraphrase it for a player at the table. Where the game had to settle something the rulebook
leaves open (the ``DECISION`` notes of ``game/rules`` and the ``inferred`` values of ``levels/*.toml``), the
paragraph says so with "In this edition". The victory bands of 7.0 are the ones ``game/rules/scoring.py``
applies (a test compares them)."""

from __future__ import annotations

from typing import NamedTuple

from game.i18n import N_, _, same


class RuleEntry(NamedTuple):
    """One paragraph of the rules reference."""

    number: str  # the rulebook section, "" for an entry of this edition only
    title: str  # the title and the paragraph are message ids: shown in the player's language (heading, body)
    text: str

    @property
    def heading(self) -> str:
        """The line shown above the paragraph: number and title, in the player's language. A later part of a
        section names the section's first title before its own ("3.1  Assault: Armored cars"): a playtest read
        three headings "3.1" as three sections of one number."""
        if not self.number:
            return _(self.title)
        first = FIRST_TITLES.get(self.number, self.title)
        if first != self.title:
            return same(f"{self.number}  " + _("{section}: {part}", section=_(first), part=_(self.title)))
        return same(f"{self.number}  {_(self.title)}")

    @property
    def body(self) -> str:
        """The paragraph in the player's language."""
        return _(self.text)

    def haystack(self) -> str:
        """Everything a search looks through (in the player's language), in lower case."""
        return f"{self.number} {_(self.title)} {self.body}".lower()


RULES: tuple[RuleEntry, ...] = (
    RuleEntry("1.0", N_("Playing the game"), N_(
        "Before the first turn the post office holds 39 defenders: the named ones, numbered trained soldiers and "
        "numbered postal workers (counters of one kind are interchangeable, so the game numbers the unnamed "
        "ones). Weapon and ammunition tokens lie in their starting spaces, morale stands at 9 and each floor's "
        "defense token sits at its leftmost value. The grenade bundle cards and the fire truck card are put aside; "
        "the rest of each Attack deck is shuffled. In this edition the rulebook's pictures were not available, "
        "so start spaces, track lengths, colours and the mix of cards are rebuilt from its text and examples.")),
    RuleEntry("1.1", N_("Game overview"), N_(
        "You lead the defenders of Polish Post Office No. 1 in Danzig on 1 September 1939. The day is played as "
        "three Attacks, each with its own deck of enemy cards: the police hit the rear and side in the morning, "
        "the front at midday with armored cars and guns, and two SS units storm the front in the evening. Every "
        "turn has an Enemy Phase (five cards), a Defense Phase (four moves, then four actions) and a Clearing "
        "Phase (enemies inside remove defenders); Attack 3 adds an Escape Phase. The game ends after the turn in "
        "which the fire truck card of Attack 3 comes up, and you score for the postal workers and noncombatants "
        "who came through.")),
    RuleEntry("1.2", N_("Morale"), N_(
        "Morale starts at 9. When a postal worker or a noncombatant becomes a casualty, morale drops by his "
        "morale adjustment; losing Konrad or Flisykowski raises it instead. If morale ever falls to 0, the post "
        "office gives up and you lose at once. Morale also decides where the fire truck card goes in Attack 3 "
        "(2.3). In this edition the track tops out at 10, trained soldiers cost no morale, Konrad and "
        "Flisykowski each give back 2 steps, and the bands are Panicked 1-5, Shaken 6-8 and Emboldened 9-10.")),
    RuleEntry("1.3", N_("The game board"), N_(
        "One half of the board shows the building from outside: assault counters arrive on the circles of the "
        "assault tracks and march toward the entrances, and support counters stand on the squares lettered A to "
        "F. The other half is the inside, in three bands: the upper floors (all three drawn as one), the ground "
        "floor and the basement. Each band has numbered defender spaces and an interior space, where enemy "
        "counters that broke in are kept. In this edition morale, the decks and the log are shown in the side "
        "panel.")),
    RuleEntry("1.4", N_("Line of sight"), N_(
        "Two spaces see each other when they share a colour: a defender on a red space can target a counter on "
        "any red circle or red square, and a space with two colours sees both. An interior space and the "
        "defender spaces of the same floor see each other, but an interior sees nothing outside the building and "
        "no other interior. In this edition, hover a space to read its colours; the colour-blind option in "
        "Settings adds patterns and letters to every colour.")),
    RuleEntry("2.0", N_("Attack periods"), N_(
        "The game is split into three Attacks, each played from its own deck of enemy cards. Each Attack has "
        "its own set-up of enemy counters; defenders, weapons, ammunition and support counters carry over from "
        "one Attack to the next.")),
    RuleEntry("2.1", N_("Attack 1"), N_(
        "The morning assault by the Danzig police comes at the rear and the side: riflemen start on placement "
        "spaces 1-2, 3-4 and 5-6. The Attack ends after the Clearing Phase of the turn that used its last card, "
        "unless an assault counter is inside the building while a leader is still anywhere on the board: then "
        "the discards are shuffled into a new deck and the Attack goes on, turn after turn, until a turn ends "
        "with nobody inside or no leader left. At its end, disrupted and exhausted markers, suppression tokens "
        "and all assault counters are cleared away. In this edition such a prolonged Attack stops at the first "
        "turn end where either condition fails, even with cards left in the reshuffled deck.")),
    RuleEntry("2.2", N_("Attack 2"), N_(
        "At midday the police attack the front, covered by armored cars and backed by infantry guns and a "
        "howitzer. Set-up: armored cars on placement spaces 7 and 9-10, and a rifleman on each of 7, 8, 9-10 "
        "and 11-12 (the two on the cars ride on them). It ends exactly like Attack 1, with the same reshuffle "
        "while a counter is inside and a leader on the board, and the same clearing away afterwards.")),
    RuleEntry("2.3", N_("Attack 3"), N_(
        "In the evening two SS units storm the front. Set-up: the armored cars go back to 7 and 9-10, an SS "
        "rifleman is placed on each of the seven placement spaces, and barrier 4 gets a barrier token (it is "
        "open) if it has none yet. The fire truck card joins the deck by morale: at the very bottom when "
        "Emboldened, shuffled among the bottom seven cards when Shaken, among the bottom twelve when Panicked. "
        "Only this Attack has an Escape Phase, and the game ends once the turn in which the fire truck is drawn "
        "has been played to its end.")),
    RuleEntry("3.0", N_("Enemy Phase"), N_(
        "Each turn opens with five cards from the current Attack deck, turned over and resolved one at a time. "
        "They come in four kinds: assault (leaders, riflemen and submachine gunners, police or SS), grenade "
        "bundle, support (machine gunners and infantry guns) and howitzer. If fewer than five cards are left, "
        "only those are played. Afterwards most cards are discarded, but leader, howitzer and grenade bundle "
        "cards leave the game. In this edition a grenade bundle shuffled in during the phase can still be among "
        "the five, and a card whose kind of counter has run out in the supply places nothing.")),
    RuleEntry("3.1", N_("Assault"), N_(
        "An assault card brings a new assault counter onto the board in two steps: the placement roll (3.1.1), "
        "then the advance of the counters already on that track (3.1.2). Barriers, grenade bundle cards and "
        "armored cars change how that advance goes.")),
    RuleEntry("3.1", N_("Barriers and grenade bundles"), N_(
        "Four barriers, numbered 1 to 4, block the tracks. The first time a counter arrives in the space in "
        "front of a standing barrier, that barrier's grenade bundle card is shuffled into the current deck; "
        "until it is drawn, counters pile up in that space. When it comes up, a barrier token marks the barrier "
        "as destroyed and the pile moves on, top counter first, until each space holds one counter or counters "
        "break into the building. In this edition the card goes to a random place in the deck while the other "
        "cards keep their order, so the fire truck keeps its place.")),
    RuleEntry("3.1", N_("Armored cars"), N_(
        "The two armored cars arrive with Attack 2 and carry the assault counters standing on them. A counter "
        "on a car defends at 6, and the car itself can never be attacked. A car moves forward with its counters "
        "until it reaches barrier 4 or the other car; once it stands at barrier 4 and that barrier is open, "
        "several counters may stack on it. A car driving into suppression tokens sweeps them away unused.")),
    RuleEntry("3.1.1", N_("Roll to place the assault counter"), N_(
        "Roll the placement die the card names: the 1-6 die for the rear and side tracks (1-2, 3-4 and 5-6) or "
        "the 7-12 die for the front tracks (7, 8, 9-10 and 11-12). The new counter goes on the placement space "
        "of the track whose number came up. A leader card needs no roll: it names the space of its leader.")),
    RuleEntry("3.1.2", N_("Advance assault counters"), N_(
        "After the placement, a counter already standing in that placement space is pushed one space toward "
        "the post office; if that space was taken, its counter is pushed in turn, and so on until the leading "
        "counter reaches an empty space or waits at a standing barrier. A counter pushed off the end of its "
        "track breaks into the building: resolve that breach first, then finish the card. A counter arriving "
        "on suppression tokens must get past them first (4.2.2).")),
    RuleEntry("3.1.2", N_("Breaching the post office"), N_(
        "The tracks lead to four entrances: the front, side and rear doors of the ground floor and the rear "
        "door of the basement. A breach at the front, rear or basement door makes casualties of every defender "
        "in that door's defender space, with morale adjusted; a breach at the side door harms nobody. The "
        "counter then enters the interior space of that floor, where counters never stack and any of them may "
        "be attacked. The Enemy Phase then carries on.")),
    RuleEntry("3.2", N_("Support"), N_(
        "A machine gunner or infantry gun card first brings its support counter onto its square, if it can "
        "(3.2.1), and then fires it (3.2.2). Squares A to D take machine gunners, E and F infantry guns.")),
    RuleEntry("3.2.1", N_("Place a support counter"), N_(
        "If the card's square is empty, the plain support counter goes there. If the plain counter is already "
        "there, the emplaced counter is stacked on it; if the emplaced one is there already, nothing is "
        "placed.")),
    RuleEntry("3.2.2", N_("Activate the support counter"), N_(
        "The counter on top of the stack fires. An infantry gun shells the upper floors with as many dice as its "
        "combat value: if any die reaches the floor's defense, the defense token moves one step right, and if it "
        "was already at the far right, every defender and assault counter up there is disrupted instead. A "
        "machine gunner aims at the highest floor where it sees a defender: a die picks the defender space (an "
        "empty number passes to the next higher occupied one, or else the next lower), then its combat dice "
        "against the floor's defense disrupt everyone in that space on a hit. Either way, a defender who was "
        "already disrupted becomes a casualty.")),
    RuleEntry("3.3", N_("Howitzer"), N_(
        "A howitzer card fires four dice at each floor in turn. Any die at or above a floor's defense moves its "
        "defense token one step right; if the token was already at the far right, every defender and assault "
        "counter on that floor is disrupted, and a defender hit while already disrupted becomes a casualty. In "
        "this edition the defense tracks read 6, 5, 4, 4 on the upper floors, 6, 5, 5, 4 on the ground floor "
        "and 6, 6, 6, 5 in the basement, and the floors are shelled from the top down.")),
    RuleEntry("4.0", N_("Defense Phase"), N_(
        "Now it is your turn: up to four moves, then up to four actions, after which the move and action "
        "tokens come off. Some defenders also have attributes that work all the time (4.3). In this edition End "
        "moves and End actions (or Enter) close each step, and a Tactics card in play may change how many moves "
        "or actions you get.")),
    RuleEntry("4.1", N_("Moving"), N_(
        "Up to four different defenders may make one move each; an exhausted or disrupted defender cannot move. "
        "A move takes a defender to another space of his floor, or from an interior to the interior of a "
        "neighbouring floor (the ground floor joins both the upper floors and the basement). Instead of going "
        "himself, a defender may send a weapon or ammunition token from his space to another space of his "
        "floor. A defender on the move may carry two tokens; squares hold two defenders, rectangles three and "
        "interiors any number, while tokens have no limit. A move token marks him, but moving does not exhaust "
        "him.")),
    RuleEntry("4.2", N_("Actions"), N_(
        "After the moves come up to four actions, each by a different defender who has neither a move token "
        "nor an action token. The actions are Attack, Suppress, Recover and Command; every one of them exhausts "
        "the defender (his counter turns to its grey side) except Recover. A disrupted or exhausted defender "
        "can only Recover. Each action leaves an action token on him.")),
    RuleEntry("4.2.1", N_("Attack"), N_(
        "A defender attacks an enemy counter he can see: roll as many dice as his combat value, and if any die "
        "equals or beats the counter's defense, the counter goes back to the supply. In a stack, only the top "
        "counter can be targeted. Ranged weapons: from the upper floors a defender needs a Ranged [R] weapon in "
        "his space to shoot at anything outside, and on the ground floor or in the basement he needs one to "
        "shoot at a support counter. A fresh Inspire defender nearby adds a die (4.3.1). In this edition, "
        "hover a target to read the odds before you click it.")),
    RuleEntry("4.2.1", N_("Grenades"), N_(
        "A Grenade [G] token lets the defender in its space attack every enemy counter in the interior of his "
        "floor, with a separate roll of his combat dice against each one. Throwing from inside the interior adds "
        "two dice to every roll, but if any of those rolls misses, roll one more die: on a 1 the thrower becomes "
        "a casualty (nobody else there is hurt). The grenade token then leaves the game, and like any attack "
        "the throw exhausts the defender.")),
    RuleEntry("4.2.2", N_("Suppress"), N_(
        "A defender with a Suppress [S] weapon and an ammunition token in his space can cover an empty assault "
        "space he sees with suppression tokens: his combat value plus two for the weapon (one more for the "
        "Suppression attribute, one more from an Inspire defender), and one ammunition token there is used up. "
        "Later, when an assault counter is placed on or moves into that space, you choose how many tokens to "
        "roll, one die each: a die at or above its defense sends the counter back to the supply. Rolled tokens "
        "are discarded, and if the counter survives it moves in and the rest of the tokens go as well. In this "
        "edition a stepper in the bottom bar (or the arrow keys) sets how many tokens to roll.")),
    RuleEntry("4.2.3", N_("Recover"), N_(
        "Recover is the one action an exhausted or disrupted defender may take: it either turns him back from "
        "his exhausted side or removes his disrupted token, not both. It does not exhaust him, but it still "
        "costs his action token, so he can take no other action that turn.")),
    RuleEntry("4.2.4", N_("Command [C]"), N_(
        "Konrad and Flisykowski can give a command: the commander is exhausted and hands out three free, "
        "immediate recover actions to defenders on his floor in spaces of his colour. Two of the three may go to "
        "the same defender, so he is both turned back and cleared of his disrupted token. A commander cannot "
        "give a recover to the other commander, and nobody commands from an interior space. A defender freed "
        "this way may still act this turn if he has not moved or acted yet.")),
    RuleEntry("4.3", N_("Attributes"), N_(
        "Attributes are not actions: they are always in force. There are four of them: Inspire [I], Logistics "
        "[L], Noncombatant [N] and Suppression [S].")),
    RuleEntry("4.3.1", N_("Inspire [I]"), N_(
        "Four defenders can inspire. An inspiring defender adds one die to an attack, or one token to a "
        "suppress action, by another defender on his floor in a space of the same colour. He must be fresh: "
        "not exhausted, not disrupted, with no move or action token. The bonus never adds up from two "
        "inspirers, never helps another inspiring defender (nor himself) and never works in interior "
        "spaces.")),
    RuleEntry("4.3.2", N_("Logistics [L]"), N_(
        "Two defenders have Logistics: when they move they may carry up to four weapon and ammunition tokens "
        "instead of two. In this edition both start in the basement, beside its spare ammunition.")),
    RuleEntry("4.3.3", N_("Noncombatant [N]"), N_(
        "The three noncombatants, J. Pipka, M. Pipka and Barzychowska, may never attack or suppress. They can "
        "still move, recover and escape, and they are worth the most points at the end (7.0).")),
    RuleEntry("4.3.4", N_("Suppression [S]"), N_(
        "Three defenders have Suppression +1: each of their suppress actions lays one extra token. They still "
        "need a Suppress weapon and ammunition in their space to suppress at all.")),
    RuleEntry("5.0", N_("Clearing Phase"), N_(
        "After your actions, the assault counters inside the building act, if there are any. The floors are "
        "taken in the order ground floor, upper floors, basement, and on each floor submachine gunners act "
        "first, then riflemen, then leaders. Each counter either removes defenders (5.2) or, finding none left "
        "on its floor, moves to another floor (5.3). In this edition submachine gunners remove two defenders, "
        "riflemen and leaders one.")),
    RuleEntry("5.1", N_("Disrupted assault counters"), N_(
        "A disrupted assault counter does nothing in the Clearing Phase: it removes nobody and does not change "
        "floors. Its disrupted token comes off at the end of the phase (5.4).")),
    RuleEntry("5.2", N_("Remove defenders"), N_(
        "Each counter removes defenders of its floor from one space, as many as its combat value; they become "
        "casualties and morale is adjusted. It takes them from the interior space first, in the order of the "
        "removal list: Konrad, Flisykowski, Suppression defenders, other trained soldiers, Inspire defenders, "
        "Logistics defenders, other postal workers, the Pipkas, Barzychowska; among equals you choose. With "
        "the interior empty, a die on the floor's Target table picks a colour (an empty colour passes to the "
        "next higher, then the lower one) and a second die picks the space, as for a machine gunner. In this "
        "edition the Target tables read green 1-2, white 3-4, blue 5-6 on the upper floors; dark blue 1-2, "
        "gray 3-4, orange 5-6 on the ground floor; red 1-3, brown 4-6 in the basement.")),
    RuleEntry("5.3", N_("Move to a different floor"), N_(
        "A counter that finds no defender left on its floor moves instead: from the ground floor up to the "
        "upper floors, from the upper floors down to the basement. After the move it removes nobody this "
        "phase. In this edition a counter in an empty basement stays where it is, as the rulebook names no "
        "floor below it.")),
    RuleEntry("5.4", N_("Recover enemy assault counters"), N_(
        "At the end of the Clearing Phase every assault counter loses its disrupted token. Next turn they all "
        "act normally again.")),
    RuleEntry("6.0", N_("Escape Phase"), N_(
        "Only in Attack 3, after the Clearing Phase, defenders may slip out of the building. A defender can "
        "escape if he is neither exhausted nor disrupted, stands in an entrance defender space (or one of the "
        "two spaces beside the side door), and his way out is clear: no assault counter on any track leading "
        "to that door and no support counter on a square that sees those tracks. Nobody escapes through the "
        "front door. Escaped defenders leave the board, kept apart from the casualties, and the postal "
        "workers and noncombatants among them score double (7.0).")),
    RuleEntry("7.0", N_("Ending the game"), N_(
        "You lose at once if morale reaches 0; in this edition that game is recorded with a score of 0. "
        "Otherwise the game ends after the turn in which the fire truck is drawn, Escape Phase included. Score "
        "1 point for each postal worker still in the building, 2 each for J. Pipka and M. Pipka and 3 for "
        "Barzychowska, double for those who escaped, and take off 1 for every assault counter inside. 41 or "
        "more: Order of the White Eagle, Epic Victory; 26 to 40: Order of Polonia Restituta, Major Victory; 16 "
        "to 25: Cross of Valor, Minor Victory; 1 to 15: Silver Cross of Merit, a Draw; 0 or less: a Loss. In "
        "this edition the game also ends, and is scored, the moment no defender is left in the building.")),
    RuleEntry("8.0", N_("Variants"), N_(
        "Once you have won the standard game you can raise the difficulty. Veteran and Elite change the enemy "
        "counters each Attack sets up and add Tactics cards, which stand for the planning of the police and SS "
        "attackers. In this edition you pick the difficulty on the title screen before a new game.")),
    RuleEntry("8.1", N_("Veteran difficulty"), N_(
        "Veteran uses harder Attack set-ups (8.1.1) and keeps one Tactics card in play every turn (8.1.2). "
        "Everything else follows the standard rules.")),
    RuleEntry("8.1.1", N_("Changes to the Attack set-ups (Veteran)"), N_(
        "Attack 1 starts with submachine gunners instead of riflemen on 1-2, 3-4 and 5-6. Attack 2 puts "
        "submachine gunners on 7, 8, 9-10 and 11-12 (the armored cars as usual) and a machine gunner on every "
        "empty machine gunner square. Attack 3 puts an SS submachine gunner on each of the seven placement "
        "spaces, again with the armored cars, the open barrier 4 and the empty machine gunner squares "
        "filled.")),
    RuleEntry("8.1.2", N_("Tactics cards (Veteran)"), N_(
        "Each Attack has its own Tactics deck; at set-up three cards of each are removed unseen. At the start "
        "of every Enemy Phase a new Tactics card is turned face up and the one before it is discarded; its "
        "effect lasts the whole turn. When an Attack deck is reshuffled (2.1), that Attack's Tactics discards "
        "are shuffled back as well. In this edition a Tactics deck that runs out on its own is refreshed from "
        "its discards the same way, and the card in play is shown in the side panel.")),
    RuleEntry("8.1.2", N_("The Tactics cards of this edition"), N_(
        "The rulebook names Assault, Breach and Coordinated Attack but prints no effects, so the effects, five "
        "more cards and the ten-card decks are this edition's design. Assault: each counter placed by an enemy "
        "card advances one extra space; Breach: a counter reaching a standing barrier rolls a die and blows it "
        "open on 3-6; Coordinated Attack: machine gunners, infantry guns and the howitzer roll one extra die; "
        "Smoke Screen: assault counters defend at one more (6 at most) against attacks and grenades; Room by "
        "Room: each counter removes one more defender in the Clearing Phase; Reinforcements: six enemy cards "
        "instead of five; Pinned Down: two actions instead of four; Harassing Fire: two moves instead of four "
        "(not in the Attack 3 deck).")),
    RuleEntry("8.2", N_("Elite difficulty"), N_(
        "Elite goes further: harsher set-ups (8.2.1) and two Tactics cards in play at once (8.2.2). Everything "
        "else follows the standard rules.")),
    RuleEntry("8.2.1", N_("Changes to the Attack set-ups (Elite)"), N_(
        "As at Veteran, and more: in Attack 1 every machine gunner square starts with a machine gunner, and in "
        "Attack 2 both infantry gun squares get an infantry gun as well. Attack 3 is set up exactly as at "
        "Veteran.")),
    RuleEntry("8.2.2", N_("Tactics cards (Elite)"), N_(
        "Two cards of each Tactics deck are removed at set-up. On the first turn two Tactics cards are turned "
        "up; from the second turn on, the older one is discarded, the newer one slides over and a fresh card "
        "takes its place, so two cards are always in play and both apply. In this edition the effects of the "
        "two cards add up, and two Breach cards still roll a single die, blowing the barrier on the numbers of "
        "either card.")),
    RuleEntry("", N_("Playing with the mouse"), N_(
        "Click a defender (or drag him) and the spaces he can move to, or the enemies he can target, light up; "
        "click a lit space or counter to choose it, and hover an enemy counter to read the odds. End moves and "
        "End actions (or Enter) finish a step; in a popup, the keys 1 to 9 pick an item and Enter the first. "
        "Hint (H) shows what the planner would do and why, and Apply hint (A) does it; Undo (Ctrl+Z or "
        "Backspace) takes back your choices since the last die or card. Esc opens the pause menu, Space or a "
        "right click skips the animations, and the 1x, 2x, 4x and Skip buttons set their speed. Click a line "
        "of the log to read its rule here; in this screen, type to search and Esc clears the search.")),
)

# The title of each section's first entry (the later parts of a section are headed under it)
FIRST_TITLES: dict[str, str] = {}
for _entry in RULES:
    FIRST_TITLES.setdefault(_entry.number, _entry.title)


def numbers() -> list[str]:
    """The section numbers with an entry, in order, each once."""
    return list(dict.fromkeys(e.number for e in RULES if e.number))


def resolve(section: str) -> str:
    """The numbered section with an entry that covers ``section``: itself, else its nearest parent ("4.2.1" ->
    "4.2"), else its chapter ("8.3" -> "8.0"); "" when none does."""
    known = set(numbers())
    parts = section.strip().split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts = parts[:-1] if len(parts) > 2 else ([] if parts[-1] == "0" else [parts[0], "0"])
    return ""


def matches(entry: RuleEntry, query: str) -> bool:
    """True when the entry's number, title or text holds every word of ``query`` (case-insensitive)."""
    hay = entry.haystack()
    return all(word in hay for word in query.lower().split())

#!/usr/bin/env python3
"""`meeple play` as a person at a keyboard sees it: each test runs
the binary in a detached tmux session of 100x30 (or 80x24), types keys with
send-keys and reads the screen (and its scroll-back) with capture-pane.
The tests of what is typed and said run the line mode (--plain) and read its
scroll-back; the screen of panes (ncurses, cli/curses_screen.h) is tested by
what is in view. Prints `N passed, N failed`; exit status 1 when any failed.

usage: play_tmux_test.py BINARY [NAME_FILTER]
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/release/cli/meeple")
FILTER = sys.argv[2] if len(sys.argv) > 2 else ""

passed = failed = 0

# A tmux server of this run's own (not the user's), kept up by an idle
# session: a server whose last session closes exits, and a session started
# in that moment fails ("server exited unexpectedly").
TMUX = ["tmux", "-L", f"meeple-play-test-{os.getpid()}"]


class Screen:
    """One `meeple` process in its own tmux session."""

    count = 0

    def __init__(self, args, width=100, height=30, env=None, folder=None, plain=True,
                 input=None):
        """`plain`: the line mode (--plain) for play and learn; else the screen of panes.
        `input`: a shell command whose output is the program's input (a pipe), else the
        keyboard."""
        Screen.count += 1
        if plain and args and args[0] in ("play", "learn"):
            args = [*args, "--plain"]
        self.name = f"meeple-play-test-{os.getpid()}-{Screen.count}"
        self.dir = folder or tempfile.mkdtemp(prefix="meeple-play-")
        env_words = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        command = f"cd {shlex.quote(self.dir)} && {input + ' | ' if input else ''}"
        command += f"env XDG_DATA_HOME={shlex.quote(self.dir)} "
        command += f"{env_words} {shlex.quote(BINARY)} {' '.join(shlex.quote(a) for a in args)}"
        command += "; echo EXITED $?; sleep 600"
        subprocess.run(
            [*TMUX, "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height),
             command], check=True)
        subprocess.run([*TMUX, "set-option", "-t", self.name, "history-limit", "20000"],
                       check=True)

    def type(self, text, enter=True):
        subprocess.run([*TMUX, "send-keys", "-t", self.name, "-l", "--", text], check=True)
        if enter:
            subprocess.run([*TMUX, "send-keys", "-t", self.name, "Enter"], check=True)

    def key(self, name):
        subprocess.run([*TMUX, "send-keys", "-t", self.name, name], check=True)

    def visible(self):
        """The 100x30 (or other) window as the person sees it now."""
        return subprocess.run([*TMUX, "capture-pane", "-p", "-t", self.name],
                              capture_output=True, text=True, check=True).stdout

    def everything(self):
        """The window and all that scrolled away."""
        return subprocess.run([*TMUX, "capture-pane", "-p", "-J", "-S", "-", "-t", self.name],
                              capture_output=True, text=True, check=True).stdout

    def everything_rows(self):
        """The window and all that scrolled away, as the terminal's rows (not joined)."""
        return subprocess.run([*TMUX, "capture-pane", "-p", "-S", "-", "-t", self.name],
                              capture_output=True, text=True,
                              check=True).stdout.rstrip("\n").split("\n")

    def resize(self, width, height):
        subprocess.run([*TMUX, "resize-window", "-t", self.name, "-x", str(width), "-y",
                        str(height)], check=True)

    def wait_in_view(self, text, seconds=20):
        """Waits until `text` is in the window; the window then, else None."""
        end = time.time() + seconds
        while time.time() < end:
            s = self.visible()
            if text in s:
                return s
            time.sleep(0.1)
        return None

    def wait_for(self, text, seconds=20, after=0):
        """Waits until `text` shows (in the whole scroll-back, past position `after`)."""
        end = time.time() + seconds
        while time.time() < end:
            s = self.everything()
            if s.find(text, after) >= 0:
                return s
            time.sleep(0.1)
        return None

    def settle(self, seconds=0.6):
        """Waits until the screen stops changing."""
        last = None
        end = time.time() + 20
        while time.time() < end:
            s = self.everything()
            if s == last:
                return s
            last = s
            time.sleep(seconds)
        return last

    def close(self):
        subprocess.run([*TMUX, "kill-session", "-t", self.name], capture_output=True)


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {detail[-3000:]}")


TESTS = {}


def test(f):
    TESTS[f.__name__] = f
    return f


def since(screen_text, typed):
    """What the screen shows from the last time `typed` was typed at the prompt."""
    at = screen_text.rfind("> " + typed)
    return screen_text[at:] if at >= 0 else ""


FC_EARTHLING = ["play", "first-contact", "--players", "2", "--seat", "1", "--seed", "3",
                "--param", "edition=en"]


@test
def typed_square_number_means_that_square():
    """First Contact: the field shows "23 Train"; typing 23 rotates square 23. The note pad
    shows "1. Alive": typing 1 where characteristics are chosen picks Alive."""
    s = Screen(FC_EARTHLING)
    try:
        s.wait_for("Your choices")
        s.type("knowledge")
        s.wait_for("You: ask for the glyph of Knowledge")
        s.type("1")
        text = s.wait_for("You: secretly choose Alive (pad 1)")
        check("1 chooses pad cell 1 (Alive)", text is not None, since(s.everything(), "1"))
        s.settle()
        s.type("23")
        text = s.settle()
        check("23 rotates square 23 (Train)", "You: rotate square 23 (Train)" in text, text)
        # Signs and marks are not numbers the screen shows: refused, not matched.
        for typed in ["-1", "+2", "#3"]:
            s.type(typed)
            text = since(s.settle(), typed)
            check(f"{typed} is refused", "You:" not in text and f"'{typed}'" in text, text)
        s.type("1 2")
        text = since(s.settle(), "1 2")
        check("1 2 names no choice: refused", text and "You:" not in text, text)
    finally:
        s.close()


@test
def note_pad_typed_in_words():
    """First Contact: `note Alive 3` writes the note pad; `help` says how, in Italian too."""
    s = Screen(FC_EARTHLING)
    try:
        s.wait_for("Your choices")
        s.type("help")
        text = since(s.settle(), "help")
        check("help lists the note form", "note Alive 3" in text, text)
        s.type("note Alive 3")
        text = since(s.settle(), "note Alive 3")
        check("note Alive 3 is played", "You: note pad: write glyph 3 (zigzag) for Alive" in text,
              text)
        check("the pad shows it", "1. Alive = glyph 3 (zigzag)" in text, text)
        s.type("empty alive")
        text = since(s.settle(), "empty alive")
        check("empty Alive empties it", "1. Alive = -" in text, text)
    finally:
        s.close()
    s = Screen(FC_EARTHLING[:-1] + ["edition=it", "--lang", "it"])
    try:
        s.wait_for("Le tue scelte")
        s.type("aiuto")
        text = since(s.settle(), "aiuto")
        check("aiuto lists the note form", "scrivi Vivo 3" in text, text)
        s.type("scrivi Vivo 3")
        text = since(s.settle(), "scrivi Vivo 3")
        check("scrivi Vivo 3 is played", "Tu: scheda Appunti: scrivi simbolo 3" in text, text)
    finally:
        s.close()


@test
def kept_game_resumes_after_ctrl_d():
    """A game kept with --record, left with Ctrl-D, goes on with --resume where it was;
    meeple analyse reads the file; without --record the game goes to the folder --help names."""
    s = Screen(FC_EARTHLING + ["--record", "kept.json"])
    folder = s.dir
    try:
        s.wait_for("Your choices")
        s.type("knowledge")
        s.wait_for("You: ask for the glyph of Knowledge")
        s.type("alive")
        s.wait_for("You: secretly choose Alive")
        s.settle()
        s.type("23")
        s.wait_for("You: rotate square 23 (Train)")
        s.settle()
        s.key("C-d")
        text = s.wait_for("EXITED")
        check("Ctrl-D says where the game is kept",
              text is not None and "meeple play --resume kept.json" in text, text or s.everything())
    finally:
        s.close()
    s = Screen(["play", "--resume", "kept.json"], folder=folder)
    try:
        text = s.wait_for("Your choices")
        text = s.settle()
        check("resumed where it was",
              text is not None and "Question of earthling 1 (seat 1, you): rotated 23 Train" in text,
              text or s.everything())
        s.type("undo")
        text = since(s.settle(), "undo")
        check("the last move can still be taken back", "you take back your move" in text, text)
        s.type("quit")
        s.wait_for("EXITED")
    finally:
        s.close()
    r = subprocess.run([BINARY, "analyse", os.path.join(folder, "kept.json"), "--seat", "1",
                        "--budget", "20"], capture_output=True, text=True, timeout=300)
    check("meeple analyse reads the kept game", r.returncode == 0 and "decisions reviewed" in r.stdout,
          f"exit {r.returncode}: {r.stdout[-500:]} {r.stderr[-500:]}")
    # The default folder: $XDG_DATA_HOME/meeple/games.
    help_text = subprocess.run([BINARY, "play", "--help"], capture_output=True, text=True,
                               env={**os.environ, "XDG_DATA_HOME": folder}).stdout
    check("--help names the folder", os.path.join(folder, "meeple/games") in help_text, help_text)
    s = Screen(["play", "ufo", "--players", "2", "--seed", "2"], folder=folder)
    try:
        s.wait_for("Your choices")
        s.type("quit")
        text = s.wait_for("EXITED")
        kept = os.listdir(os.path.join(folder, "meeple", "games"))
        check("kept by default", len(kept) == 1 and kept[0].startswith("ufo-") and
              f"meeple/games/{kept[0]}" in (text or ""), f"{kept} {text}")
    finally:
        s.close()


def play_to_the_end(s, limit=1500):
    """Types the first choice until the game is over (bots are random: fast)."""
    for _ in range(limit):
        if "The game is over." in s.visible() or "EXITED" in s.visible():
            break
        s.type("a")
        time.sleep(0.05)
    return s.wait_for("EXITED", seconds=60)


@test
def the_end_shows_the_language_pad_and_the_wrong_notes():
    """First Contact: the end screen shows the aliens' pad and which notes were wrong."""
    s = Screen(FC_EARTHLING + ["--bots", "random"])
    try:
        s.wait_for("Your choices")
        # Glyph 3 for Alive and for Big: at least one of the two is wrong.
        s.type("note Alive 3")
        s.wait_for("You: note pad: write glyph 3 (zigzag) for Alive")
        s.type("note Big 3")
        s.wait_for("You: note pad: write glyph 3 (zigzag) for Big")
        text = play_to_the_end(s)
        end = (text or s.everything())
        end = end[end.rfind("Result:"):]
        check("the end shows the aliens' pad",
              "The aliens' language pad (characteristic = glyph):" in end and "Alive = glyph" in end,
              end)
        check("the end names a wrong note", "wrong notes:" in end and "noted as glyph 3 (zigzag)" in end,
              end)
        check("the end counts the empty cells", "cells left empty" in end, end)
    finally:
        s.close()


@test
def ufo_end_shows_how_each_score_was_made():
    """Ufo!: the end screen gives each score's parts."""
    s = Screen(["play", "ufo", "--players", "2", "--seed", "5", "--bots", "random",
                "--param", "max_rounds=3"])
    try:
        s.wait_for("Your choices")
        text = play_to_the_end(s) or s.everything()
        end = text[text.rfind("The game is over"):] if "The game is over" in text else text[-3000:]
        whole = text[-6000:]
        check("the end shows each score's parts",
              "restaurants" in whole and "kiosks" in whole and "eyewitness" in whole and
              "The game is over." in text, whole)
    finally:
        s.close()


@test
def the_guide_goes_on_after_an_off_guide_move():
    """Ufo!'s guide: an off-guide move at step 2 gets the re-planned guide and the undo hint."""
    s = Screen(["learn", "ufo"])
    try:
        s.wait_for("Your choices")
        s.type("istanbul")
        s.wait_for("You: place 2 Standard UFOs in Istanbul")
        s.wait_for("Your choices", after=s.everything().find("You: place 2 Standard UFOs"))
        text = s.settle()
        s.type("0 edirne")
        text = since(s.settle(), "0 edirne")
        check("an off-guide move is played", "You: " in text and "Edirne" in text, text)
        check("the lesson goes on", "the lesson goes on" in text, text)
        check("undo brings the script back", "(undo)" in text, text)
        check("not 'play freely'", "you play freely" not in text, text)
    finally:
        s.close()


@test
def the_first_contact_guide_goes_on_after_an_off_guide_question():
    """First Contact's earthling: another characteristic at step 2 gets the lessons still to come."""
    s = Screen(["learn", "first-contact"])
    try:
        s.wait_for("Your choices")
        s.type("weapon")
        s.wait_for("You: ask for the glyph of Weapon")
        s.wait_for("Your choices", after=s.everything().find("You: ask for the glyph of Weapon"))
        s.settle()
        s.type("big")
        text = since(s.settle(), "big")
        check("an off-guide question is played", "secretly choose Big" in text, text)
        check("turning cards is explained", "turning 1 to 5 items that have it" in text, text)
        check("not 'play freely'", "you play freely" not in text, text)
        s.type("5")
        text = since(s.settle(), "5")
        check("stopping is explained next", "You may turn another card or stop here" in text, text)
    finally:
        s.close()


@test
def small_wording():
    """The undo refusal before any move, the banner in Italian and Korean, rules as text,
    one word for a seat in Italian Ufo!, "al Cairo"."""
    s = Screen(["play", "ufo", "--players", "2", "--seed", "3", "--lang", "it"])
    try:
        s.wait_for("Le tue scelte")
        text = s.everything()
        check("al Cairo", "al Cairo" in text and "a Il Cairo" not in text, text)
        check("one word for a seat", "Tu sei giocatore 0" in text and "posto 0" not in text,
              text[:400])
        s.type("annulla")
        text = since(s.settle(), "annulla")
        check("undo before any move", "non hai ancora fatto una mossa" in text and
              "si è scoperto" not in text, text)
        s.type("regole")
        text = since(s.settle(), "regole")
        check("rules as text", "## " not in text and "**" not in text and "](" not in text and
              "Al terminale\n---" in text, text[:2000])
    finally:
        s.close()
    s = Screen(FC_EARTHLING[:-1] + ["edition=ko", "--lang", "ko"])
    try:
        s.wait_for("선택할 수 있는 것")
        text = s.everything()
        check("the banner in Korean", text.lstrip().startswith("퍼스트 컨택트"), text[:300])
        s.type("규칙")
        text = since(s.settle(), "규칙")
        check("no link to the developers' notes", "first-contact.md" not in text and
              "개발자" not in text, text[:1500])
    finally:
        s.close()
    s = Screen(FC_EARTHLING[:-1] + ["edition=it", "--lang", "it"])
    try:
        s.wait_for("Le tue scelte")
        check("the banner in Italian", s.everything().lstrip().startswith("Primo Contatto"),
              s.everything()[:300])
    finally:
        s.close()


@test
def plain_under_tmux_is_the_line_output():
    """--plain on a terminal: the line output (one choice a line, the "> " prompt, every
    screen kept in the scroll-back), no screen of panes."""
    s = Screen(FC_EARTHLING, plain=True)
    try:
        s.wait_for("Your choices")
        for typed, shown in [("knowledge", "You: ask for the glyph of Knowledge"),
                             ("alive", "You: secretly choose Alive"),
                             ("23", "You: rotate square 23 (Train)"),
                             ("stop", "offer the square you think")]:
            s.type(typed)
            s.wait_for(shown)
        text = s.settle()
        check("--plain: one choice a line",
              "\n    a. offer square 0 (Papyrus)\n    b. offer square 1 (Honey)\n" in text, text)
        check("--plain: the prompt and the typed lines stay in the scroll-back",
              "> knowledge\nYou: ask for the glyph of Knowledge" in text and
              text.count("Your choices:") >= 4 and text.rstrip().endswith(">"), text[-2000:])
        check("--plain: no alternate screen (the welcome is still in the scroll-back)",
              text.lstrip().startswith("First Contact"), text[:300])
    finally:
        s.close()


def fc_to_the_offer(s):
    """On the screen of panes: the earthling asks, rotates square 23 and stops; the window
    at the offer prompt, else None."""
    for typed, shown in [("knowledge", "secretly choose ..."), ("alive", "rotate square"),
                         ("23", "(1 card rotated)"), ("stop", "offer square ...")]:
        if s.wait_in_view("Your choices") is None:
            return None
        time.sleep(0.3)
        s.type(typed)
        if s.wait_in_view(shown) is None:
            return None
    time.sleep(0.5)
    return s.visible()


OFFER_NEEDS = {
    "the alien's message": "Message of the alien (seat 0): glyph 14 (ladder), glyph 21",
    "the answer": "rotated 23 Train; answer: glyph 14 (ladder)",
    "the note pad's first row": "1. Alive = - | 2. Big = -",
    "the note pad's last row": "25. Power = -",
    "the prompt's heading": "Your choices: offer square ...",
    "the first choice": "a. 0 (Papyrus)",
    "the last choice": "y. 24 (Computer)",
}
FIELD_ROWS = ["0 Papyrus | 1 Honey", "5 Tree | 6 Ink", "10 Compass | 11 Amphora",
              "15 Needle | 16 Sword", "20 Feather | 21 Bread | 22 Soup | 23 Train | 24 Computer"]


# Notes a later round's pad may hold (long names, two-digit glyphs).
NOTES = ["note Knowledge 20", "note Beautiful 17", "note Valuable 13", "note Clothes 22",
         "note Defense 19", "note Liquid 24", "note Danger 11", "note Heavy 14"]


def drive_plain(args, stop, folder):
    """Plays `args` in the line mode (--plain, stdin a pipe) from `folder`: writes NOTES on
    the note pad, then asks for the round's characteristic (the first, the second, ...),
    rotates the first square, stops, offers the first square, until stop(board, choices)
    says this decision is the one; then input ends (the game is kept by the --record in
    args). The line mode's text, or None if the game ended first."""
    p = subprocess.Popen([BINARY, *args, "--plain"], cwd=folder, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=0)
    text = ""
    reached = False
    notes = list(NOTES)
    asked = 0
    for _ in range(400):
        while not text.endswith("\n> "):
            c = p.stdout.read(1)
            if not c:
                break
            text += c
        if not text.endswith("\n> "):
            break
        choices = text[text.rfind("Your choices:"):]
        board = text[text.rfind("\nFirst Contact ("):text.rfind("Your choices:")]
        if stop(board, choices):
            reached = True
            break
        typed = "stop" if "stop rotating" in choices and "(0 cards rotated)" not in choices else "a"
        if "secretly choose" in choices:
            typed = "abcdefgh"[asked % 8]
            asked += 1
        if notes and "Your note pad" in board:
            typed = notes.pop(0)
        p.stdin.write(typed + "\n")
        text += "\n"
    p.stdin.close()
    p.stdout.read()
    p.wait()
    return text if reached else None


def offer_prompt(round_number):
    """stop() for drive_plain: the first offer of that round."""
    return lambda board, choices: (f", round {round_number}\n" in board and
                                   "offer square" in choices and "second attempt" not in choices)


def board_facts(text):
    """From the line mode's last board: the field ({number: item}), its first row, the
    questions (who, squares, answer), the messages and the note pad's cells ({n: name})."""
    board = text[text.rfind("\nFirst Contact ("):text.rfind("Your choices:")]
    lines = board.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("Field ("))
    field, first_row = {}, lines[at + 1].strip()
    for line in lines[at + 1:at + 6]:
        for cell in line.split("|"):
            n, item = cell.strip().split(" ", 1)
            field[int(n)] = re.sub(r" \[[^]]*\]$", "", item)
    questions = re.findall(r"Question of (.*?): rotated (.*?); answer: (.*)", board)
    messages = [m.strip() for m in re.findall(r"\n  (Message of .*)", board)]
    pad = {int(n): name for n, name in re.findall(r"(\d+)\. ([^=|]+?) = ", board)}
    return {"field": field, "first_row": first_row, "questions": questions,
            "messages": messages, "pad": pad}


def collapsed(window):
    """The window's text with every run of spaces and line breaks as one space: a line the
    screen wrapped reads as it was written."""
    return re.sub(r"\s+", " ", window)


def without_brackets(text):
    """A text without its words in brackets: "earthling 3 (seat 3, you)" and the compact
    "earthling 3 (you)" are "earthling 3", "glyph 13 (cup on line)" is "glyph 13"."""
    return re.sub(r" \([^()]*\)", "", text)


def check_offer_needs(tag, window, facts, width, height):
    """What the offer needs, in view: the message, every answer of this round, every cell
    of the note pad, every square's number and item (on the field or in the list), the
    prompt's heading; the window's size kept. Seats and glyphs may come without their
    words in brackets (a compact board)."""
    lines = window.rstrip("\n").split("\n")
    check(f"{tag}: {height} rows, none wider than {width}",
          0 < len(lines) <= height and all(len(line) <= width for line in lines), window)
    check(f"{tag}: the input line last", lines[-1].startswith(">"), window)
    text = collapsed(window)
    check(f"{tag}: the prompt's heading", "Your choices: offer square ..." in text, window)
    bare = without_brackets(text)
    for m in facts["messages"]:
        check(f"{tag}: the message ({m[:30]}...)", without_brackets(m) in bare, window)
    for who, squares, answer in facts["questions"]:
        check(f"{tag}: the answer to {who}",
              re.search(re.escape(without_brackets(who)) + r".{0,30}" + re.escape(squares) +
                        r".{0,12}" + re.escape(without_brackets(answer)), bare) is not None,
              window)
    missing = [n for n, name in facts["pad"].items()
               if not re.search(rf"(^|\s){n}\. ?{re.escape(name)} ?=", text)]
    check(f"{tag}: the note pad's {len(facts['pad'])} cells", len(facts["pad"]) == 25 and
          not missing, f"missing {missing}\n{window}")
    unseen = [n for n, item in facts["field"].items()
              if f" {n} {item}" not in text and f"{n} ({item})" not in text]
    check(f"{tag}: the 25 squares' numbers and items", len(facts["field"]) == 25 and not unseen,
          f"missing {unseen}\n{window}")


FC_FOUR = ["play", "first-contact", "--players", "4", "--seat", "3", "--record", "kept.json"]


@test
def the_offer_prompt_with_four_players_fits():
    """First Contact with 4 players (3 earthlings), round 1: at the offer prompt, at 80x24 and
    at 100x30, the window shows the message, all three answers, the note pad's cells and the
    squares (on the field, or in the list). With 6 players (2 aliens, 4 earthlings) too."""
    for players, seat in [(4, 3), (6, 5)]:
        folder = tempfile.mkdtemp(prefix="meeple-play-")
        args = FC_FOUR[:2] + ["--players", str(players), "--seat", str(seat)] + FC_FOUR[6:]
        text = drive_plain(args + ["--seed", "5"], offer_prompt(1), folder)
        check(f"{players} players: the line mode reached the offer prompt", text is not None)
        if text is None:
            continue
        facts = board_facts(text)
        check(f"{players} players: an answer an earthling and a message",
              len(facts["questions"]) == players - 1 - (players > 4) and
              len(facts["messages"]) >= 1, text[-3000:])
        for width, height in [(80, 24), (100, 30)]:
            s = Screen(["play", "--resume", "kept.json"], width=width, height=height,
                       folder=folder, plain=False)
            try:
                s.wait_in_view("offer square ...")
                time.sleep(0.5)
                check_offer_needs(f"{players} players at {width}x{height}", s.visible(), facts,
                                  width, height)
                if (players, width) != (4, 80):
                    continue
                # The squares folded into a line; 'list' lists them, again folds them.
                check("4 players at 80x24: the squares folded",
                      "type the number the board shows: 0-24 ('list' lists them)" in s.visible(),
                      s.visible())
                s.type("list")
                time.sleep(0.5)
                listed = s.visible()
                check("4 players at 80x24: 'list' lists the squares with their items",
                      "a. 0 (Clock)" in listed and "y. 24 (Knife)" in listed and
                      "('list' lists them)" not in listed, listed)
                s.type("list")
                time.sleep(0.5)
                check("4 players at 80x24: 'list' again folds them",
                      "('list' lists them)" in s.visible(), s.visible())
            finally:
                s.close()


@test
def a_later_round_keeps_the_field_in_view_at_100x30():
    """First Contact with 4 players in round 3 (more asked, items covered, a longer list of
    characteristics asked about): at the offer prompt at 100x30 the field's first row is in
    view, with the message, the answers, the note pad and the squares."""
    folder = tempfile.mkdtemp(prefix="meeple-play-")
    text = drive_plain(FC_FOUR + ["--seed", "1"], offer_prompt(3), folder)
    check("round 3: the line mode reached the offer prompt", text is not None)
    if text is None:
        return
    facts = board_facts(text)
    s = Screen(["play", "--resume", "kept.json"], folder=folder, plain=False)
    try:
        s.wait_in_view("offer square ...")
        time.sleep(0.5)
        window = s.visible()
        check("round 3 at 100x30: the field's first row", collapsed(facts["first_row"]) in
              collapsed(window), facts["first_row"] + "\n" + window)
        check_offer_needs("round 3 at 100x30", window, facts, 100, 30)
    finally:
        s.close()


@test
def korean_squares_fold_and_typed_numbers_pick_them():
    """First Contact in Korean at 80x24: the squares to rotate fold into the line that says
    to type the number the board shows; 5 and 13번 rotate squares 5 and 13; '목록' lists the
    squares with their items."""
    s = Screen(["play", "first-contact", "--players", "4", "--seat", "3", "--seed", "5",
                "--lang", "ko"], width=80, height=24, plain=False)
    try:
        s.wait_in_view("선택할 수 있는 것")
        time.sleep(0.3)
        s.type("a")
        window = s.wait_in_view("판에 보이는 번호를 입력: 0-24") or s.visible()
        check("ko 80x24: the squares fold into the line", "판에 보이는 번호를 입력: 0-24" in window,
              window)
        s.type("5")
        window = s.wait_in_view("돌린 카드 5 코끼리 →") or s.visible()
        check("ko: 5 rotates square 5", "돌린 카드 5 코끼리 →" in window, window)
        time.sleep(0.3)
        s.type("13번")
        window = s.wait_in_view("돌린 카드 5 코끼리, 13 코뿔소 →") or s.visible()
        check("ko: 13번 rotates square 13", "돌린 카드 5 코끼리, 13 코뿔소 →" in window and
              "0-4, 6-12, 14-24" in window, window)
        s.type("목록")
        time.sleep(0.5)
        window = s.visible()
        # Each square keeps its letter through the rotations: 24 is still y.
        check("ko: '목록' lists the squares with their items", "a. 0번 칸 (시계)" in window and
              "y. 24번 칸 (칼)" in window and "f. 5번 칸" not in window, window)
    finally:
        s.close()


@test
def ufo_keeps_the_cities_in_view():
    """Ufo! with 5 players, a UFO of seat 0 in Rome, at 80x24 and 100x30: when the choices
    are to open a restaurant in Rome, Rome's resistance and restaurants are in view (not
    only the villages' lines, the board's end before)."""
    for width, height in [(80, 24), (100, 30)]:
        s = Screen(["play", "ufo", "--players", "5", "--seed", "3"], width=width,
                   height=height, plain=False)
        try:
            window = None
            for _ in range(12):
                s.wait_in_view("Your choices")
                time.sleep(0.3)
                window = s.visible()
                if "tries to open a restaurant in Rome" in window:
                    break
                s.type("a")
                time.sleep(0.5)
            tag = f"Ufo! at {width}x{height}"
            check(f"{tag}: the choice to open a restaurant in Rome",
                  "tries to open a restaurant in Rome" in (window or ""), window or "")
            check(f"{tag}: Rome's resistance and restaurants in view",
                  re.search(r"Rome: resistance \d+, restaurants:", window or "") is not None,
                  window or "")
        finally:
            s.close()


@test
def first_giants_keeps_your_area_in_view():
    """First Giants with 5 players at 80x24 and 100x30: at the second turn's choice of a card,
    the person's own amber, pawns and studio are in view with the choices."""
    for width, height in [(80, 24), (100, 30)]:
        s = Screen(["play", "first-giants", "--players", "5", "--seed", "3"], width=width,
                   height=height, plain=False)
        try:
            s.wait_in_view("Your choices: take")
            time.sleep(0.3)
            s.type("a")
            window = s.wait_in_view("reclaim your pawns (on the dig sites: 1)") or s.visible()
            time.sleep(0.5)
            window = s.visible()
            tag = f"First Giants at {width}x{height}"
            check(f"{tag}: your amber and pawns", "seat 0 (you): amber 3, points 0, pawns in "
                  "hand 3" in window, window)
            check(f"{tag}: your studio", "Studio:" in window and "Keichousaurus" in window,
                  window)
            check(f"{tag}: the choices", "a. take " in window and "g. reclaim" in window, window)
        finally:
            s.close()


FC_ALIEN = ["play", "first-contact", "--players", "4", "--seat", "0", "--seed", "5"]


@test
def the_aliens_message_keeps_the_language_pad_in_view():
    """First Contact, the alien writing its message (4 players), at 80x24 and 100x30: the
    language pad's 25 cells (characteristic and glyph number), the target in the prompt, and
    all 51 choices (25 glyphs, 25 NOT glyphs, send: one glyph is written) are in view."""
    r = subprocess.run([BINARY, *FC_ALIEN, "--plain", "--record",
                        os.path.join(tempfile.mkdtemp(prefix="meeple-play-"), "kept.json")],
                       input="a\na\na\na\na\n", capture_output=True, text=True, timeout=60)
    board = r.stdout[r.stdout.rfind("Your team's language pad"):]
    pad = dict(re.findall(r"(\w[\w ]*?) = glyph (\d+) \(", board[:board.find("Request card")]))
    check("alien: the line mode shows the pad at the message", len(pad) == 25 and
          "write your message for square" in board, r.stdout[-3000:])
    for width, height in [(80, 24), (100, 30)]:
        s = Screen(FC_ALIEN, width=width, height=height, plain=False)
        try:
            for _ in range(5):
                s.wait_in_view("Your choices")
                time.sleep(0.3)
                s.type("a")
                time.sleep(0.5)
            window = s.wait_in_view("(1 written") or s.visible()
            time.sleep(0.5)
            window = s.visible()
            lines = window.rstrip("\n").split("\n")
            tag = f"alien's message at {width}x{height}"
            check(f"{tag}: {height} rows, none wider than {width}",
                  len(lines) <= height and all(len(line) <= width for line in lines), window)
            text = collapsed(window)
            missing = [name for name, g in pad.items()
                       if f"{name}={g}" not in text and f"{name} = glyph {g} " not in text]
            check(f"{tag}: the language pad's 25 cells", len(pad) == 25 and not missing,
                  f"missing {missing}\n{window}")
            check(f"{tag}: the target in the prompt", "write your message for square" in text,
                  window)
            keys = [f" {k}. " for k in [chr(97 + i) for i in range(26)] +
                    ["a" + chr(97 + i) for i in range(25)]]
            check(f"{tag}: the 51 choices", all(k in " " + text for k in keys) and
                  "send the message" in text and "NOT glyph 24" in text,
                  window)
        finally:
            s.close()


@test
def the_offer_prompt_fits_100x30():
    """First Contact at 100x30 on the screen of panes: at the offer prompt the window shows
    the alien's message, the answer, the note pad, the field's squares and all 25 squares to
    offer; a typed number offers that square."""
    s = Screen(FC_EARTHLING, plain=False)
    try:
        window = fc_to_the_offer(s)
        check("100x30: reached the offer prompt", window is not None, s.visible())
        window = window or ""
        lines = window.rstrip("\n").split("\n")
        check("100x30: the screen is 30 rows", len(lines) <= 30, window)
        for what, needed in OFFER_NEEDS.items():
            check(f"in view at 100x30: {what}", needed in window, window)
        check("100x30: the input line last", lines[-1].startswith(">"), window)
        for row in FIELD_ROWS:
            check(f"in view at 100x30: the field's {row[:12]}...", row in window, window)
        # Typed with a slip, taken back with backspace: 7 offers square 7, and the second
        # attempt lists every square but 7.
        s.type("8", enter=False)
        s.key("BSpace")
        s.type("7")
        # The prompt's heading is drawn before the list under it: the screen once it settles.
        s.wait_in_view("offer square ... (second attempt)")
        s.settle()
        window = s.visible()
        check("a typed number offers that square (after a backspace)",
              "offered square 7 (Dress)" in window and "g. 6 (Ink)" in window and
              "h. 8 (Obelisk)" in window and "y. pass (no second offer)" in window, window)
    finally:
        s.close()


def fc_earthling_facts():
    """board_facts at the offer prompt fc_to_the_offer reaches, from the line mode."""
    r = subprocess.run([BINARY, *FC_EARTHLING, "--plain", "--record",
                        os.path.join(tempfile.mkdtemp(prefix="meeple-play-"), "kept.json")],
                       input="knowledge\nalive\n23\nstop\n", capture_output=True, text=True,
                       timeout=60)
    return board_facts(r.stdout)


@test
def at_80x24_the_decision_stays_in_view():
    """First Contact at 80x24: less detail, but the message, the answer, the note pad's cells
    and the squares are in view without scrolling; PageUp shows the board's top, PageDown
    goes back; 'board' shows the whole board from its top."""
    facts = fc_earthling_facts()
    s = Screen(FC_EARTHLING, width=80, height=24, plain=False)
    try:
        window = fc_to_the_offer(s) or ""
        check_offer_needs("2 players at 80x24", window, facts, 80, 24)
        check("80x24: the board's top is scrolled away", "First Contact (English rules" not in
              window and "above, PgDn" in window, window)
        for _ in range(4):
            s.key("PageUp")
        top = s.wait_in_view("First Contact (English rules") or s.visible()
        check("80x24: PageUp shows the board's top", "First Contact (English rules" in top, top)
        for _ in range(4):
            s.key("PageDown")
        time.sleep(0.5)
        back = s.visible()
        check("80x24: PageDown goes back to the decision",
              re.search(r"25\. ?Power ?= ?-", back) is not None and
              "First Contact (English rules" not in back, back)
        s.type("board")
        time.sleep(0.5)
        page = s.visible()
        check("80x24: 'board' shows the whole board from its top",
              page.startswith("First Contact (English rules") and
              "Field (square number and item" in page, page)
        for _ in range(3):
            s.key("PageDown")
        time.sleep(0.5)
        check("80x24: ... with the typed note form the small board leaves to help",
              "note Alive 3 writes glyph 3" in collapsed(s.visible()), s.visible())
    finally:
        s.close()


@test
def resize_lays_the_screen_out_again():
    """From 100x30 to 80x24 and back: the panes follow the window; the choices and the input
    line stay in view."""
    s = Screen(FC_EARTHLING, plain=False)
    try:
        window = fc_to_the_offer(s) or ""
        check("resize: at the offer prompt", "Your choices: offer square ..." in window, window)
        s.resize(80, 24)
        time.sleep(1)
        small = s.visible()
        lines = small.rstrip("\n").split("\n")
        check("resize to 80x24: 24 rows, none wider than 80",
              len(lines) <= 24 and all(len(line) <= 80 for line in lines), small)
        field = fc_earthling_facts()["field"]
        check("resize to 80x24: the squares in view (the field, or the list)",
              len(field) == 25 and all(f" {n} {item}" in collapsed(small) or
                                       f"{n} ({item})" in small for n, item in field.items()),
              small)
        check("resize to 80x24: the input line last", lines[-1].startswith(">"), small)
        s.resize(100, 30)
        time.sleep(1)
        big = s.visible()
        for row in FIELD_ROWS:
            check(f"resize back to 100x30: the field's {row[:12]}...", row in big, big)
    finally:
        s.close()


@test
def ctrl_d_keeps_the_game_on_the_screen_of_panes():
    """Ctrl-D on the screen of panes leaves it, says where the game is kept, and --resume goes
    on where it was (on the screen of panes again)."""
    s = Screen(FC_EARTHLING + ["--record", "kept.json"], plain=False)
    folder = s.dir
    try:
        for typed, shown in [("knowledge", "secretly choose ..."), ("alive", "rotate square"),
                             ("23", "rotated 23 Train")]:
            s.wait_in_view("Your choices")
            time.sleep(0.3)
            s.type(typed)
            s.wait_in_view(shown)
        s.key("C-d")
        text = s.wait_for("EXITED")
        check("Ctrl-D says where the game is kept (after the screen closed)",
              text is not None and "meeple play --resume kept.json" in s.visible(),
              text or s.visible())
        check("Ctrl-D: the file is there", os.path.exists(os.path.join(folder, "kept.json")))
    finally:
        s.close()
    s = Screen(["play", "--resume", "kept.json"], folder=folder, plain=False)
    try:
        window = s.wait_in_view("rotated 23 Train")
        check("resumed on the screen of panes where it was",
              window is not None and "Your choices" in window, s.visible())
        s.type("stop")
        window = s.wait_in_view("offer square ...")
        check("the resumed game goes on", window is not None, s.visible())
        s.type("quit")
        check("quit leaves and keeps", s.wait_for("EXITED") is not None and
              "meeple play --resume kept.json" in s.visible(), s.visible())
    finally:
        s.close()


# Every game's end, in three languages, at two sizes.
END_GAMES = {
    "first-contact": ["--players", "2", "--seed", "4"],
    "first-giants": ["--players", "2", "--seed", "4"],
    "ufo": ["--players", "2", "--seed", "4", "--param", "max_rounds=4"],
}
# Keys typed in turn: one of them is shown at every decision (a choice keeps its letter
# through a turn, so a list may start at b).
TYPE_ANY = "a\nb\nc\n"
GAME_OVER = {"en": "The game is over.", "it": "La partita è finita.", "ko": "게임이 끝났습니다."}


def columns(text):
    """Display columns of a text: Hangul and other wide characters take two."""
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def is_wide(c):
    import unicodedata
    return unicodedata.east_asian_width(c) in "WF"


def cut_words(rows, reference):
    """The rows' words that are no word of the reference text (the same output
    unwrapped): a word cut at a row's end. A word broken between two wide
    characters (a Hangul syllable and the next) is whole."""
    words = set(reference.split())
    cut = []
    for i, row in enumerate(rows):
        tokens = row.split()
        for k, t in enumerate(tokens):
            if t in words:
                continue
            nxt = rows[i + 1].split() if i + 1 < len(rows) else []
            prev = rows[i - 1].split() if i > 0 else []
            if k == len(tokens) - 1 and nxt and is_wide(t[-1]) and is_wide(nxt[0][0]):
                continue  # its rest starts the next row
            if k == 0 and prev and is_wide(prev[-1][-1]) and is_wide(t[0]):
                continue  # the end of the word the row before broke
            cut.append((t, row))
    return cut


def near_the_end(game, options, lang, folder):
    """A kept game at the person's (seat 0's) last decision: the game played to its end by
    typing the first choice, its record cut before that decision (end.json in `folder`)."""
    subprocess.run([BINARY, "play", game, *options, "--bots", "random", "--lang", lang,
                    "--plain", "--record", "full.json"], input=TYPE_ANY * 1000,
                   capture_output=True, text=True, cwd=folder, timeout=120)
    with open(os.path.join(folder, "full.json")) as f:
        record = json.load(f)
    actions = record["actions"]
    last = max(i for i, a in enumerate(actions) if a["seat"] == 0)
    record["actions"] = actions[:last]
    record.pop("result", None)
    with open(os.path.join(folder, "end.json"), "w") as f:
        json.dump(record, f)


@test
def end_screens_fit_the_terminal():
    """Each game's end in English, Italian and Korean at 80x24 and 100x30 (the line mode on
    the terminal; the screen of panes writes its end the same way): no row wider than the
    terminal, no word cut at a row's end (Hangul may break between syllables), the teams
    and Ufo!'s own seat in the person's words."""
    for game, options in END_GAMES.items():
        for lang in ["en", "it", "ko"]:
            folder = tempfile.mkdtemp(prefix="meeple-play-")
            near_the_end(game, options, lang, folder)
            args = ["play", "--resume", "end.json", "--lang", lang, "--record", "kept.json"]
            # The same end unwrapped: the words a row may hold.
            reference = subprocess.run([BINARY, *args, "--plain"], input=TYPE_ANY * 50,
                                       capture_output=True, text=True, cwd=folder,
                                       timeout=60).stdout
            for width, height in [(80, 24), (100, 30)]:
                s = Screen(args, width=width, height=height, input="yes " + shlex.quote(
                    TYPE_ANY.rstrip("\n")), folder=folder)
                try:
                    s.wait_in_view("EXITED", seconds=60)
                    rows = s.everything_rows()
                    text = "\n".join(rows)
                    at = max(i for i, r in enumerate(rows) if r.startswith("> ") or i == 0)
                    end = [r for r in rows[at + 1:] if r.strip() and not r.startswith("EXITED")]
                    tag = f"{game} {lang} end at {width}x{height}"
                    wide = [r for r in end if columns(r) > width]
                    check(f"{tag}: no row wider than {width}", end and not wide,
                          "\n".join(wide or rows[-40:]))
                    cut = cut_words(end, reference)
                    check(f"{tag}: no word cut", GAME_OVER[lang] in text and not cut,
                          f"{cut[:5]}\n" + "\n".join(end[-30:]))
                    joined = "\n".join(end)
                    if game == "first-contact" and lang != "en":
                        check(f"{tag}: the teams in the person's words",
                              "aliens:" not in joined and "earthlings:" not in joined and
                              ("Alieni:" in joined or "외계인:" in joined), joined[-600:])
                    if game == "ufo":
                        you = {"en": ["seat 0 (you)"], "it": ["giocatore 0 (tu)"],
                               "ko": ["플레이어 0 (당신)", "플레이어 0 (나)"]}[lang]
                        final = joined[joined.rfind("\n", 0, joined.rfind(GAME_OVER[lang]) - 400):]
                        check(f"{tag}: the final scores name you",
                              sum(final.count(y) for y in you) >= 2, final)
                finally:
                    s.close()
            if game != "ufo":
                continue
            # The screen of panes writes its end as lines after it closes: wrapped the same.
            s = Screen(args, width=80, height=24, folder=folder, plain=False)
            try:
                for _ in range(20):
                    if s.wait_in_view("EXITED", seconds=2):
                        break
                    s.type("a")
                rows = s.everything_rows()
                at = max(i for i, r in enumerate(rows) if r.startswith("> ") or i == 0)
                end = [r for r in rows[at + 1:] if r.strip() and not r.startswith("EXITED")]
                tag = f"{game} {lang} end after the screen of panes at 80x24"
                cut = cut_words(end, reference)
                check(f"{tag}: wrapped at words", GAME_OVER[lang] in "\n".join(rows) and
                      not cut and all(columns(r) <= 80 for r in end),
                      f"{cut[:5]}\n" + "\n".join(rows[-30:]))
            finally:
                s.close()


# A decision of each game after others acted: what is typed before it.
EVENT_GAMES = [
    (["play", "first-giants", "--players", "3", "--seed", "3"], ["a"], "en"),
    (["play", "ufo", "--players", "3", "--seat", "1", "--seed", "3"], [], "en"),
    (FC_EARTHLING, [], "en"),
    (["play", "first-giants", "--players", "3", "--seed", "3", "--lang", "ko"], ["a"], "ko"),
]
LOG_HINT = {"en": "log: all that happened", "ko": "기록: 지금까지 일어난 일"}


def last_events(args, typed, n):
    """The last n lines of what the line mode tells before the decision after `typed`."""
    out = subprocess.run([BINARY, *args, "--plain"], input="".join(t + "\n" for t in typed),
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ,
                              "XDG_DATA_HOME": tempfile.mkdtemp(prefix="meeple-play-")}).stdout
    lines = out.split("\n")
    last = max(i for i, line in enumerate(lines) if line.startswith(("Since your", "So far",
                                                                      "지난 차례", "지금까지")))
    told = []
    for line in lines[last + 1:]:
        if not line.startswith("  "):
            break
        told.append(line)
    return told[-n:]


def shown_whole_or_shortened(rows, line):
    """Whether a row shows the line whole, or its start up to a word and then "…"."""
    for row in rows:
        if row.rstrip() == line.rstrip():
            return True
        if row.endswith("…"):
            start = row[:-1]
            rest = line[len(start):]
            if line.startswith(start) and rest and (rest[0] == " " or
                                                    (is_wide(rest[0]) and is_wide(start[-1]))):
                return True
    return False


@test
def the_last_events_stay_in_view():
    """Every game on the screen of panes: the last three lines of what happened at 100x30
    and the last one at 80x24, whole or shortened at a word with "…", and the command that
    shows the whole log named on screen; 'log' shows it."""
    for args, typed, lang in EVENT_GAMES:
        for width, height, n in [(100, 30, 3), (80, 24, 1)]:
            if lang != "en" and width == 100:
                continue
            wanted = last_events(args, typed, n)
            s = Screen(args, width=width, height=height, plain=False)
            tag = f"{args[1]} {lang} at {width}x{height}"
            try:
                s.wait_in_view(LOG_HINT[lang])
                for t in typed:
                    time.sleep(0.3)
                    s.type(t)
                    s.wait_in_view("> " + t)
                time.sleep(1)
                window = s.visible()
                rows = window.split("\n")
                check(f"{tag}: the last {n} lines told", len(wanted) == n and
                      all(shown_whole_or_shortened(rows, e) for e in wanted),
                      "\n".join(wanted) + "\n----\n" + window)
                check(f"{tag}: 'log' named on screen", LOG_HINT[lang] in window, window)
                check(f"{tag}: no row wider than {width}",
                      all(columns(r) <= width for r in rows), window)
            finally:
                s.close()
    s = Screen(EVENT_GAMES[0][0], plain=False)
    try:
        s.wait_in_view(LOG_HINT["en"])
        time.sleep(0.3)
        s.type("log")
        time.sleep(1)
        window = s.visible()
        check("'log' shows what happened", "is dealt to dig site" in window, window)
    finally:
        s.close()


@test
def typed_numbers_and_letters_mean_what_the_screen_shows():
    """First Giants: 2 is dig site 2 (its two cards), not the size-2 cards or the effects'
    numbers; Ufo!: after b opens one kiosk, c is still the other; Korean: English 'note'
    beside 쓰기; First Contact's alien at 80x24: 6 lists glyph 6 and NOT glyph 6, both in
    view."""
    folder = tempfile.mkdtemp(prefix="meeple-play-")

    def plain(args, typed):
        return subprocess.run([BINARY, *args, "--plain", "--record", "kept.json"],
                              input="".join(t + "\n" for t in typed), capture_output=True,
                              text=True, timeout=60, cwd=folder).stdout
    out = plain(["play", "first-giants", "--players", "2", "--seed", "4"], ["2", "quit"])
    reply = out[out.find("Those words fit"):]
    reply = reply[:reply.find("Your choices:")]
    listed = re.findall(r"\n +[a-z]\. (take .*)", reply)
    check("First Giants: 2 lists the cards of dig site 2 alone",
          "fit 2 choices" in reply and len(listed) == 2 and
          all("from dig site 2" in c for c in listed), reply)
    out = plain(["play", "first-giants", "--players", "2", "--seed", "4"], ["1", "quit"])
    check("First Giants: 1 lists the cards of dig site 1, not 'gain 1 point'",
          "fit 2 choices" in out and "fit 6" not in out, out[out.rfind("> "):])
    out = plain(["play", "ufo", "--players", "3", "--seed", "3"],
                ["a", "move 0 tivoli", "move 1 ostia", "end movement", "b", "c", "quit"])
    check("Ufo!: after b, c is the other kiosk still",
          "You: UFO 0 (Standard) opens a kiosk in Tivoli" in out and
          "You: UFO 1 (Standard) opens a kiosk in Ostia" in out, out[-3000:])
    out = plain(FC_EARTHLING[:-1] + ["edition=ko", "--lang", "ko"], ["note 철 21", "quit"])
    check("Korean: 'note 철 21' writes the note pad", "13. 철 = 상징 21" in out and
          "맞는 선택이 없습니다" not in out, out[-1500:])
    s = Screen(FC_ALIEN, width=80, height=24, plain=False)
    try:
        for _ in range(5):
            s.wait_in_view("Your choices")
            time.sleep(0.3)
            s.type("a")
            time.sleep(0.5)
        s.wait_in_view("(1 written")
        time.sleep(0.3)
        s.type("6")
        window = s.wait_in_view("fit 2 choices") or s.visible()
        time.sleep(0.5)
        window = s.visible()
        check("alien at 80x24: 6 lists glyph 6 and NOT glyph 6 in view",
              re.search(r"\n +[a-z]+\. write glyph 6 ", window) is not None and
              re.search(r"\n +[a-z]+\. write NOT glyph 6 ", window) is not None, window)
    finally:
        s.close()


if __name__ == "__main__":
    subprocess.run([*TMUX, "new-session", "-d", "-s", "keeper", "sleep 3600"], check=True)
    try:
        for name, f in TESTS.items():
            if FILTER in name:
                f()
    finally:
        subprocess.run([*TMUX, "kill-server"], capture_output=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)

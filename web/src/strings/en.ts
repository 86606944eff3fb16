// The interface's words in English: the reference catalog, whose keys every
// other language's catalog must have (the type makes a missing key a compile
// error). Its own chunk, loaded only when English is in use (../strings.ts);
// the other pages' words are in en.pages.ts, the refusals' in en.refusals.ts.

const en = {
  "app.tagline": "Board games with friends and bots, in your browser",
  "nav.home": "Games",
  "nav.rules": "Rules",
  "lang.label": "Language",
  "lobby.open_tables": "Open tables",
  "lobby.no_tables": "No open tables right now. Start one!",
  "lobby.new_table": "New table",
  "lobby.device": "Play on this device",
  "lobby.players": "Players",
  "lobby.join": "Join",
  "lobby.watch": "Watch",
  "lobby.seats_free": "{n, plural, one {# free seat} other {# free seats}}",
  "lobby.phase.lobby": "waiting",
  "lobby.phase.playing": "playing",
  "lobby.phase.finished": "finished",
  "lobby.loading": "Loading…",
  "lobby.watch_tables": "Games to watch",
  "lobby.no_games": "No games are being played right now.",
  "lobby.page": "Page {page} of {pages}",
  "lobby.previous": "Previous",
  "lobby.next": "Next",
  "new.person": "Person",
  "error.generic": "Something went wrong: {message}",
  "error.unknown_table": "This table does not exist (or no longer).",
  "rules.contents": "Contents",
  "rules.missing": "There are no rules for this game here.",
  "nav.my": "My tables",
  "guide.learn": "Learn to play",
  "guide.learn_help":
    "New to the game? Play a guided first game against bots: each step says which rule applies and suggests a move.",
  "guide.starting": "Setting up your first game…",
  "guide.title": "Learn to play",
  "guide.step": "Step {n} of {m}",
  "guide.instead": "What you did instead",
  "guide.read_rule": "Read this rule",
  "guide.suggested": "suggested",
  "guide.waiting": "The others are playing: watch what they do.",
  "guide.over": "Guided part over",
  "guide.part": "Part {n} of {m}",
  "guide.next_part": "Go on: part {n} of {m}",
  "guide.free_play": "You may choose anything: the highlighted choice is only a suggestion.",
  "error.network": "The server cannot be reached: check your connection and try again.",
  "nav.sign_in": "Sign in",
  "nav.account": "Your account: {name}",
  "playnow.button": "Play now",
  "playnow.title": "Play now: {game}",
  "playnow.help":
    "You get a seat at a public table with others waiting for the same game and number of players. Seats still free when the wait is over go to bots, and the game starts.",
  "playnow.wait": "Wait for people",
  "playnow.no_wait": "no wait: bots at once",
  "playnow.seconds": "{n} s",
  "playnow.bot": "Bots' strength",
  "playnow.go": "Find a table",
  "playnow.waiting": "Waiting for players: {n, plural, one {# free seat} other {# free seats}}, bots join at {time}",
  "playnow.bots_now": "Waiting for players: bots are joining now",
  "lobby.rated": "rated",
  "lobby.watching": "{n} watching",
  "nav.boards": "Leaderboards",
};

export type MainKey = keyof typeof en;

export default en;

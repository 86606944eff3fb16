#include "bots/program_bot.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace meeple {

namespace {

// The longest answer line read (a program writing without end forfeits).
constexpr std::size_t kMaxAnswerBytes = 1u << 20;

// An answer as the report quotes it: at most 120 characters.
std::string quote(std::string_view text) {
  std::string s(text.substr(0, 120));
  if (text.size() > 120) s += "...";
  return s;
}

}  // namespace

ProgramBot::ProgramBot(std::string spec, std::string command, double seconds)
    : spec_(std::move(spec)), command_(std::move(command)), seconds_(seconds) {}

ProgramBot::~ProgramBot() {
  stop(false);
}

void ProgramBot::start() {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    forfeit(fmt::format("cannot start the program: socketpair: {}", std::strerror(errno)));
  const pid_t pid = fork();
  if (pid < 0) {
    close(sv[0]);
    close(sv[1]);
    forfeit(fmt::format("cannot start the program: fork: {}", std::strerror(errno)));
  }
  if (pid == 0) {
    // The child: its own process group (so a timeout ends the shell and
    // whatever it started), the socket as stdin and stdout.
    setpgid(0, 0);
    dup2(sv[1], 0);
    dup2(sv[1], 1);
    execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);  // also here: no race with a kill before the child ran
  close(sv[1]);
  pid_ = pid;
  fd_ = sv[0];
}

std::string ProgramBot::ended_how() {
  if (pid_ < 0) return "ended";
  int status = 0;
  // The socket's end comes a hair before the process is reapable.
  for (int i = 0; i < 100; ++i) {
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      pid_ = -1;
      if (WIFEXITED(status)) return fmt::format("ended (exit status {})", WEXITSTATUS(status));
      if (WIFSIGNALED(status)) return fmt::format("ended (killed by signal {})", WTERMSIG(status));
      return "ended";
    }
    if (r < 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "closed its output";
}

void ProgramBot::stop(bool kill_now) {
  if (fd_ >= 0) {
    if (!kill_now) {
      const char quit[] = "{\"cmd\": \"quit\"}\n";
      (void)send(fd_, quit, sizeof quit - 1, MSG_NOSIGNAL);
    }
    close(fd_);
    fd_ = -1;
  }
  if (pid_ < 0) return;
  // A grace of 0.5 s to end by itself after quit, then SIGKILL to its group.
  for (int i = 0; !kill_now && i < 50; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (pid_ < 0) return;
  kill(-pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

void ProgramBot::forfeit(const std::string& why) {
  stop(true);
  throw BotForfeit(why);
}

namespace {

// The go request: what the seat may know and do, and nothing more (see the
// header).
Json go_request(const AnyState& info, Seat seat, const ActionList& actions, double seconds) {
  Json legal = Json::array();
  for (Action a : actions)
    legal.push_back({{"action", a},
                     {"json", info.action_to_json(seat, a)},
                     {"words", info.describe_action(seat, a, "en")}});
  return {{"cmd", "go"},
          {"game", std::string(info.game().name())},
          {"players", info.num_players()},
          {"seat", seat},
          {"view", info.view(seat)},
          {"legal", std::move(legal)},
          {"ms", static_cast<long>(seconds * 1000)}};
}

}  // namespace

Action ProgramBot::answered_action(const AnyState& info, Seat seat, const std::string& answer) {
  Json reply = Json::parse(answer, nullptr, false);
  if (reply.is_discarded() || !reply.is_object() || !reply.contains("action"))
    forfeit(fmt::format("a malformed answer (not {{\"action\": ...}}): {}", quote(answer)));
  const Json& move = reply["action"];
  if (move.is_number_integer()) return move.get<Action>();
  if (!move.is_object())
    forfeit(fmt::format("a malformed answer (an action is a number or its JSON form): {}",
                        quote(answer)));
  auto a = info.action_from_json(seat, move);
  if (!a) forfeit(fmt::format("an illegal move: {} ({})", quote(answer), a.error().message));
  return *a;
}

Action ProgramBot::choose(const AnyState& info, Seat seat, Rng& /*rng*/) {
  // Started at the first decision (after a forfeit the game is over).
  const bool first = fd_ < 0;
  if (first) start();
  const ActionList actions = info.legal_actions(seat);
  const Json go = go_request(info, seat, actions, seconds_);
  // The request sent and one line back within the time per decision (a
  // program that reads nothing cannot hold the arena on a full socket).
  const double allowed = seconds_ + (first ? kProgramStartSeconds : 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(allowed);
  auto timeout = [&] {
    forfeit(first ? fmt::format("no answer within {:g} s (its first move: {:g} s to start)",
                                allowed, kProgramStartSeconds)
                  : fmt::format("no answer within {:g} s", seconds_));
  };
  // Waits until fd_ is ready for `events`; false at the deadline.
  auto wait = [&](short events) {
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) return false;
      pollfd p{fd_, events, 0};
      const int r = poll(&p, 1, static_cast<int>(left));
      if (r > 0) return true;
      if (r == 0) return false;
      if (errno != EINTR) return true;  // the read or write then fails and says why
    }
  };
  const std::string line = go.dump() + "\n";
  for (std::size_t sent = 0; sent < line.size();) {
    const ssize_t n =
        send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!wait(POLLOUT)) timeout();
      continue;
    }
    if (n <= 0) {
      const std::string how = ended_how();
      forfeit(fmt::format("the program {} before its move", how));
    }
    sent += static_cast<std::size_t>(n);
  }
  std::string answer = std::move(pending_);
  pending_.clear();
  std::size_t nl;
  while ((nl = answer.find('\n')) == std::string::npos) {
    if (answer.size() > kMaxAnswerBytes)
      forfeit(fmt::format("a malformed answer: a line longer than {} bytes", kMaxAnswerBytes));
    if (!wait(POLLIN)) timeout();
    char buf[4096];
    const ssize_t n = read(fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string how = ended_how();
      forfeit(fmt::format("the program {} before its move", how));
    }
    answer.append(buf, static_cast<std::size_t>(n));
  }
  pending_ = answer.substr(nl + 1);
  answer.resize(nl);
  if (!answer.empty() && answer.back() == '\r') answer.pop_back();
  const Action chosen = answered_action(info, seat, answer);
  for (Action a : actions)
    if (a == chosen) return chosen;
  forfeit(fmt::format("an illegal move: {}", quote(answer)));
}

Expected<std::unique_ptr<Bot>> make_arena_bot(const AnyGame& game, std::string_view spec,
                                              double seconds_per_move, const OwnBots& own) {
  if (own)
    if (auto bot = own(spec)) return bot;
  return make_arena_bot(game, spec, seconds_per_move);
}

Expected<std::unique_ptr<Bot>> make_arena_bot(const AnyGame& game, std::string_view spec,
                                              double seconds_per_move) {
  if (!spec.starts_with(kProgramPrefix)) return make_bot(game, spec);
  std::string_view command = spec.substr(kProgramPrefix.size());
  double seconds = seconds_per_move;
  if (const auto at = command.rfind('@'); at != std::string_view::npos) {
    std::string t(command.substr(at + 1));
    double scale = 1;
    if (t.ends_with("ms")) {
      t.resize(t.size() - 2);
      scale = 0.001;
    } else if (t.ends_with("s")) {
      t.pop_back();
    }
    char* end = nullptr;
    const double v = t.empty() ? 0 : std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !(v > 0) || v * scale > 3600)
      return make_error("bot/unknown",
                        fmt::format("'{}': a program's time per decision is cmd:COMMAND@2s or "
                                    "@500ms (at most 3600 s)",
                                    spec));
    seconds = v * scale;
    command = command.substr(0, at);
  }
  if (command.find_first_not_of(' ') == std::string_view::npos)
    return make_error("bot/unknown",
                      fmt::format("'{}': give the program's command after cmd:", spec));
  return std::unique_ptr<Bot>(
      std::make_unique<ProgramBot>(std::string(spec), std::string(command), seconds));
}

}  // namespace meeple

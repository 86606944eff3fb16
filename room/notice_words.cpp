#include "room/notice_words.h"

#include <fmt/format.h>

namespace meeple::room {

std::string seat_words(std::string_view lang, SeatNotice n, const std::string& name,
                       const std::string& before) {
  using enum SeatNotice;
  if (lang == "it") switch (n) {
      case kTakesTheSeat:
        return fmt::format("{} prende il posto di {}", name, before);
      case kYouTakeTheSeat:
        return fmt::format("prendi il posto di {}", before);
      case kAway:
        return fmt::format("{} non è al tavolo: un bot gioca al suo posto finché non torna", name);
      case kYouAreAway:
        return "non eri al tavolo: un bot gioca al tuo posto finché non torni";
      case kTimeIsUp:
        return fmt::format("il tempo di {} è scaduto: un bot gioca al suo posto finché non torna",
                           name);
      case kYourTimeIsUp:
        return "il tuo tempo è scaduto: un bot gioca al tuo posto finché non torni";
      case kIsBack:
        return fmt::format("{} è di nuovo al tavolo", name);
      case kYouAreBack:
        return "sei di nuovo al tavolo: giochi tu il tuo posto";
      case kIsLate:
        return fmt::format("il tempo di {} è scaduto: il tavolo lo aspetta", name);
      case kYouAreLate:
        return "il tuo tempo è scaduto: il tavolo ti aspetta";
      case kOffered:
        return fmt::format(
            "chi ospita il tavolo offre il posto di {} a una nuova persona: tutte le persone "
            "sedute devono essere d'accordo",
            name);
      case kOpen:
        return fmt::format("il posto di {} è aperto: una nuova persona può prenderlo", name);
      case kNotOpened:
        return fmt::format(
            "il posto di {} resta chiuso: non tutte le persone sedute sono d'accordo", name);
      case kWithdrawn:
        return fmt::format("il posto di {} non è più offerto", name);
    }
  if (lang == "ko") switch (n) {
      case kTakesTheSeat:
        return fmt::format("{} 님이 {} 님의 자리에 앉습니다", name, before);
      case kYouTakeTheSeat:
        return fmt::format("{} 님의 자리에 앉았습니다", before);
      case kAway:
        return fmt::format("{} 님이 자리를 비워 돌아올 때까지 봇이 대신 둡니다", name);
      case kYouAreAway:
        return "자리를 비워 돌아올 때까지 봇이 대신 둡니다";
      case kTimeIsUp:
        return fmt::format("{} 님의 시간이 다 되어 돌아올 때까지 봇이 대신 둡니다", name);
      case kYourTimeIsUp:
        return "시간이 다 되어 돌아올 때까지 봇이 대신 둡니다";
      case kIsBack:
        return fmt::format("{} 님이 돌아왔습니다", name);
      case kYouAreBack:
        return "돌아왔습니다. 다시 직접 둡니다";
      case kIsLate:
        return fmt::format("{} 님의 시간이 다 되었습니다. 테이블이 기다립니다", name);
      case kYouAreLate:
        return "시간이 다 되었습니다. 테이블이 기다립니다";
      case kOffered:
        return fmt::format(
            "호스트가 {} 님의 자리를 새 플레이어에게 내주려 합니다. 앉아 있는 모두가 동의해야 "
            "합니다",
            name);
      case kOpen:
        return fmt::format("{} 님의 자리가 열렸습니다. 새 플레이어가 앉을 수 있습니다", name);
      case kNotOpened:
        return fmt::format("앉아 있는 모두가 동의하지 않아 {} 님의 자리는 열리지 않습니다", name);
      case kWithdrawn:
        return fmt::format("{} 님의 자리는 더 이상 새 플레이어에게 열려 있지 않습니다", name);
    }
  switch (n) {
    case kTakesTheSeat:
      return fmt::format("{} takes {}'s seat", name, before);
    case kYouTakeTheSeat:
      return fmt::format("you take {}'s seat", before);
    case kAway:
      return fmt::format("{} is away: a bot plays for them until they are back", name);
    case kYouAreAway:
      return "you were away: a bot plays for you until you are back";
    case kTimeIsUp:
      return fmt::format("{}'s time ran out: a bot plays for them until they are back", name);
    case kYourTimeIsUp:
      return "your time ran out: a bot plays for you until you are back";
    case kIsBack:
      return fmt::format("{} is back", name);
    case kYouAreBack:
      return "you are back: you play your seat again";
    case kIsLate:
      return fmt::format("{}'s time ran out: the table waits for them", name);
    case kYouAreLate:
      return "your time ran out: the table waits for you";
    case kOffered:
      return fmt::format("the host offers {}'s seat to a new player: everyone seated must agree",
                         name);
    case kOpen:
      return fmt::format("{}'s seat is open: a new player may take it", name);
    case kNotOpened:
      return fmt::format("{}'s seat stays closed: not everyone seated agreed", name);
    case kWithdrawn:
      return fmt::format("{}'s seat is no longer offered to a new player", name);
  }
  return {};
}
std::string undo_words(std::string_view lang, bool self, const std::string& name) {
  if (lang == "it") return self ? "annulli la tua mossa" : name + " annulla una mossa";
  if (lang == "ko") return self ? "수를 물렀습니다" : name + " 님이 수를 물렀습니다";
  return self ? "you take back your move" : name + " takes back a move";
}

}  // namespace meeple::room

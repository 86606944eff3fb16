#include "server/round_tables.h"

#include <spdlog/spdlog.h>

#include "server/hub.h"
#include "server/table.h"

namespace meeple::server {

namespace {

class HubRoundTables final : public RoundTables {
 public:
  explicit HubRoundTables(Hub& hub) : hub_(hub) {}

  Expected<std::string> make(
      const Json& request,
      const std::vector<std::pair<std::string, std::string>>& seated) override {
    std::string host_token;
    auto table = Table::create(hub_, request, host_token, {});
    if (!table) return table.error();
    if (MaybeError e = hub_.admit(*table)) return *e;
    (*table)->post([&hub = hub_, tp = *table, seated] {
      if (auto opened = tp->open(""); !opened)
        return spdlog::error("table {}: not opened: {}", tp->id(), opened.error().message);
      for (std::size_t s = 0; s < seated.size(); ++s) {
        auto joined = tp->join({{"seat", s}}, seated[s].first, {.account_name = seated[s].second});
        if (!joined) {
          spdlog::error("table {}: seat {} not taken: {}", tp->id(), s, joined.error().message);
          continue;
        }
        net::post(hub.account_pool, [&hub, account = seated[s].first, table = tp->id(), s,
                                     token = (*joined)["token"].get<std::string>()] {
          if (auto kept = hub.accounts.keep(account, table, static_cast<int>(s), token))
            spdlog::warn("keyring: {}", kept->message);
        });
      }
    });
    return (*table)->id();
  }

 private:
  Hub& hub_;
};

}  // namespace

std::unique_ptr<RoundTables> hub_round_tables(Hub& hub) {
  return std::make_unique<HubRoundTables>(hub);
}

}  // namespace meeple::server

// Accounts (accounts.h): friends and invitations to tables.

#include "server/account_answers.h"
#include "server/accounts.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

namespace meeple::server {

using namespace account_answers;

Accounts::Answer Accounts::friends(const std::string& session) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto ids = store_.friends(a->id);
  if (!ids) return fail(ids.error());
  Json list = Json::array();
  for (const std::string& id : *ids) {
    auto f = store_.account(id);
    if (!f) return fail(f.error());
    if (!f->has_value()) continue;
    // Presence is shown only between accounts that added each other.
    auto theirs = store_.friends(id);
    if (!theirs) return fail(theirs.error());
    const bool mutual = std::find(theirs->begin(), theirs->end(), a->id) != theirs->end();
    list.push_back({{"name", (*f)->name}, {"mutual", mutual}, {"online", mutual && online(id)}});
  }
  Answer out;
  out.body = Json{{"friends", list}};
  return out;
}

Accounts::Answer Accounts::add_friend(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto f = store_.account_named(fold_name(*name));
  if (!f) return fail(f.error());
  if (!f->has_value() || (*f)->id == a->id) return fail(unknown_player());
  if (auto e = store_.add_friend(a->id, (*f)->id)) return fail(e);
  return {};
}

Accounts::Answer Accounts::remove_friend(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto name = text(body, "name");
  if (!name) return fail(name.error());
  auto f = store_.account_named(fold_name(*name));
  if (!f) return fail(f.error());
  if (!f->has_value()) return fail(unknown_player());
  if (auto e = store_.remove_friend(a->id, (*f)->id)) return fail(e);
  return {};
}

Accounts::Answer Accounts::invitations(const std::string& session,
                                       const std::function<bool(const std::string&)>& open) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto list = store_.invitations(a->id);
  if (!list) return fail(list.error());
  Json out_list = Json::array();
  for (const store::Invitation& i : *list) {
    if (!open(i.table)) {
      if (auto e = store_.dismiss_invitation(a->id, i.table)) return fail(e);
      continue;
    }
    out_list.push_back(invitation_json(i));
  }
  Answer out;
  out.body = Json{{"invitations", out_list}};
  return out;
}

Accounts::Answer Accounts::dismiss(const std::string& session, const Json& body) {
  auto a = require(session);
  if (!a) return fail(a.error());
  auto table = text(body, "table");
  if (!table) return fail(table.error());
  if (auto e = store_.dismiss_invitation(a->id, *table)) return fail(e);
  return {};
}

MaybeError Accounts::invite(const store::Account& from, const std::string& name,
                            const std::string& table, const std::string& game,
                            const std::string& title,
                            const std::function<bool(const std::string&)>& open) {
  auto a = store_.account_named(fold_name(name));
  if (!a) return a.error();
  if (!a->has_value()) return unknown_player();
  const store::Account& to = **a;
  if (to.friends_only) {
    auto theirs = store_.friends(to.id);
    if (!theirs) return theirs.error();
    if (std::find(theirs->begin(), theirs->end(), from.id) == theirs->end())
      return make_error(errc::kInviteRefused,
                        "this player takes invitations only from the people they added");
  }
  // The invitee's open invitations (those of tables gone or started are
  // dismissed now); one to this table again replaces its own.
  auto held = store_.invitations(to.id);
  if (!held) return held.error();
  std::size_t still_open = 0;
  bool again = false;
  for (const store::Invitation& i : *held) {
    if (i.table == table) {
      again = true;
    } else if (open(i.table)) {
      ++still_open;
    } else if (auto e = store_.dismiss_invitation(to.id, i.table)) {
      return e;
    }
  }
  if (!again && still_open >= max_invitations_)
    return make_error(errc::kTooManyInvitations,
                      "this player holds as many invitations as they may: try later");
  const auto now = Clock::now();
  {
    std::lock_guard lock(mutex_);
    auto& times = sent_[from.id];
    while (!times.empty() && now - times.front() >= std::chrono::hours(1)) times.pop_front();
    if (times.size() >= invitations_per_hour_)
      return make_error(errc::kTooManyInvitations,
                        "you sent as many invitations as an hour allows: try later");
    times.push_back(now);
    if (sent_.size() > 100000)  // many senders: those with nothing in the hour go
      std::erase_if(sent_, [&](const auto& kv) {
        return kv.second.empty() || now - kv.second.back() >= std::chrono::hours(1);
      });
  }
  const store::Invitation made{to.id, table, game, title, from.name, now_ms()};
  if (auto e = store_.invite(made)) return e;
  if (on_invited) on_invited(to.id, invitation_json(made));
  return {};
}

}  // namespace meeple::server

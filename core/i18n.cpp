#include "core/i18n.h"

#include <set>

#include <fmt/format.h>

namespace meeple {

namespace {

int language_index(std::string_view lang) {
  for (std::size_t i = 0; i < kLanguages.size(); ++i)
    if (kLanguages[i] == lang) return static_cast<int>(i);
  return -1;
}

// The placeholder names of a pattern.
std::set<std::string> placeholders(std::string_view p) {
  std::set<std::string> out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '{' && i + 1 < p.size() && p[i + 1] == '{') {
      ++i;
      continue;
    }
    if (p[i] != '{') continue;
    const auto close = p.find('}', i);
    if (close == std::string_view::npos) break;
    out.emplace(p.substr(i + 1, close - i - 1));
    i = close;
  }
  return out;
}

}  // namespace

bool is_language(std::string_view lang) {
  return language_index(lang) >= 0;
}

Expected<Catalog> Catalog::parse(std::string_view json_text) {
  Json j = Json::parse(json_text, nullptr, false);
  if (!j.is_object()) return make_error("catalog/corrupt", "a catalog is a JSON object");
  Catalog c;
  for (const auto& [key, langs] : j.items()) {
    if (!langs.is_object())
      return make_error("catalog/corrupt", fmt::format("message '{}' is not an object", key));
    auto& texts = c.messages_[key];
    for (const auto& [lang, text] : langs.items()) {
      const int li = language_index(lang);
      if (li < 0 || !text.is_string())
        return make_error(
            "catalog/corrupt",
            fmt::format("message '{}': '{}' is not a language with a text", key, lang));
      texts[static_cast<std::size_t>(li)] = text.get<std::string>();
    }
  }
  return c;
}

const std::string& Catalog::text(std::string_view key, std::string_view lang) const {
  auto it = messages_.find(key);
  if (it == messages_.end()) {
    missing_ = fmt::format("[{}]", key);
    return missing_;
  }
  const int li = language_index(lang);
  const auto& texts = it->second;
  if (li > 0 && !texts[static_cast<std::size_t>(li)].empty())
    return texts[static_cast<std::size_t>(li)];
  return texts[0];
}

std::string fill(std::string_view p, const Catalog::Args& args) {
  std::string out;
  out.reserve(p.size() + 16);
  for (std::size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if ((c == '{' || c == '}') && i + 1 < p.size() && p[i + 1] == c) {
      out += c;
      ++i;
      continue;
    }
    if (c == '{') {
      const auto close = p.find('}', i);
      if (close != std::string_view::npos) {
        const std::string_view name = p.substr(i + 1, close - i - 1);
        bool found = false;
        for (const auto& [n, v] : args)
          if (n == name) {
            out += v;
            found = true;
            break;
          }
        if (!found) out.append(p.substr(i, close - i + 1));
        i = close;
        continue;
      }
    }
    out += c;
  }
  return out;
}

std::string Catalog::format(std::string_view key, std::string_view lang, const Args& args) const {
  return fill(text(key, lang), args);
}

std::vector<std::string> Catalog::keys() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : messages_) out.push_back(k);
  return out;
}

std::vector<std::string> Catalog::check() const {
  std::vector<std::string> problems;
  for (const auto& [key, texts] : messages_) {
    for (std::size_t i = 0; i < kLanguages.size(); ++i)
      if (texts[i].empty()) problems.push_back(fmt::format("{}: no {} text", key, kLanguages[i]));
    const auto en = placeholders(texts[0]);
    for (std::size_t i = 1; i < kLanguages.size(); ++i)
      if (!texts[i].empty() && placeholders(texts[i]) != en)
        problems.push_back(fmt::format("{}: the {} text has other placeholders than the English",
                                       key, kLanguages[i]));
  }
  return problems;
}

}  // namespace meeple

#include "core/i18n.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include <fmt/format.h>

namespace meeple {

namespace {

int language_index(std::string_view lang) {
  for (std::size_t i = 0; i < kLanguages.size(); ++i)
    if (kLanguages[i] == lang) return static_cast<int>(i);
  return -1;
}

// A message pattern parsed (see core/i18n.h): text, {name} placeholders,
// plural blocks and, in their branches, "#" for the number.
struct Node;
using Nodes = std::vector<Node>;
struct Branch {
  std::string selector;  // "=N" or a CLDR category
  Nodes body;
};
struct Node {
  enum class Kind { kText, kArg, kPlural, kNumber };
  Kind kind = Kind::kText;
  std::string text;  // kText: the text; kArg, kPlural: the argument's name
  std::vector<Branch> branches;
};

constexpr std::array<std::string_view, 6> kCategories = {"zero", "one",  "two",
                                                         "few",  "many", "other"};

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

class PatternParser {
 public:
  explicit PatternParser(std::string_view p) : p_(p) {}

  // The pattern's nodes; false with error() saying why when it is malformed.
  bool parse(Nodes& out) { return sequence(out, false); }
  const std::string& error() const { return error_; }

 private:
  bool fail(std::string why) {
    error_ = fmt::format("{} (at character {})", why, pos_ + 1);
    return false;
  }
  void skip_space() {
    while (pos_ < p_.size() && (p_[pos_] == ' ' || p_[pos_] == '\n' || p_[pos_] == '\t')) ++pos_;
  }
  std::string_view word(bool (*accept)(char)) {
    const std::size_t start = pos_;
    while (pos_ < p_.size() && accept(p_[pos_])) ++pos_;
    return p_.substr(start, pos_ - start);
  }

  // Text up to the end of the pattern or, in a branch, up to its '}' (left
  // for the caller).
  bool sequence(Nodes& out, bool in_branch) {
    std::string text;
    const auto flush = [&] {
      if (!text.empty()) out.push_back({Node::Kind::kText, std::move(text), {}});
      text.clear();
    };
    while (pos_ < p_.size()) {
      const char c = p_[pos_];
      if (!in_branch && (c == '{' || c == '}') && pos_ + 1 < p_.size() && p_[pos_ + 1] == c) {
        text += c;
        pos_ += 2;
      } else if (c == '{') {
        flush();
        if (!argument(out)) return false;
      } else if (c == '}') {
        if (in_branch) break;
        return fail("a '}' closes nothing (a literal one is written '}}')");
      } else if (c == '#' && in_branch) {
        flush();
        out.push_back({Node::Kind::kNumber, {}, {}});
        ++pos_;
      } else {
        text += c;
        ++pos_;
      }
    }
    flush();
    return true;
  }

  // A placeholder or a plural block, from its '{'.
  bool argument(Nodes& out) {
    ++pos_;
    skip_space();
    const std::string name(word(is_name_char));
    if (name.empty())
      return fail("a '{' starts no placeholder name (a literal one is written '{{')");
    skip_space();
    if (pos_ < p_.size() && p_[pos_] == '}') {
      ++pos_;
      out.push_back({Node::Kind::kArg, name, {}});
      return true;
    }
    if (pos_ >= p_.size() || p_[pos_] != ',')
      return fail(fmt::format("the placeholder {{{}}} is not closed", name));
    ++pos_;
    skip_space();
    const std::string_view kind = word(is_name_char);
    if (kind != "plural")
      return fail(
          fmt::format("{{{}, {}...}} is no plural block (the only kind there is)", name, kind));
    skip_space();
    if (pos_ >= p_.size() || p_[pos_] != ',')
      return fail(fmt::format("'{{{}, plural' needs a ',' before its branches", name));
    ++pos_;
    Node block{Node::Kind::kPlural, name, {}};
    for (;;) {
      skip_space();
      if (pos_ >= p_.size()) return fail(fmt::format("the plural block of {} is not closed", name));
      if (p_[pos_] == '}') {
        ++pos_;
        break;
      }
      std::string selector;
      if (p_[pos_] == '=') {
        ++pos_;
        const auto digits = word([](char c) { return c >= '0' && c <= '9'; });
        if (digits.empty())
          return fail(fmt::format("the plural block of {} has an '=' without a number", name));
        selector = fmt::format("={}", digits);
      } else {
        selector = word([](char c) { return c >= 'a' && c <= 'z'; });
        if (selector.empty())
          return fail(
              fmt::format("the plural block of {} needs a branch such as 'one {{...}}'", name));
        if (std::find(kCategories.begin(), kCategories.end(), selector) == kCategories.end())
          return fail(
              fmt::format("the plural block of {} has the unknown category '{}'", name, selector));
      }
      for (const Branch& b : block.branches)
        if (b.selector == selector)
          return fail(fmt::format("the plural block of {} has two '{}' branches", name, selector));
      skip_space();
      if (pos_ >= p_.size() || p_[pos_] != '{')
        return fail(fmt::format("the '{}' branch of {} has no {{text}}", selector, name));
      ++pos_;
      Branch branch{selector, {}};
      if (!sequence(branch.body, true)) return false;
      if (pos_ >= p_.size())
        return fail(fmt::format("the '{}' branch of {} is not closed", selector, name));
      ++pos_;  // its '}'
      block.branches.push_back(std::move(branch));
    }
    if (std::none_of(block.branches.begin(), block.branches.end(),
                     [](const Branch& b) { return b.selector == "other"; }))
      return fail(fmt::format("the plural block of {} has no 'other' branch", name));
    out.push_back(std::move(block));
    return true;
  }

  std::string_view p_;
  std::size_t pos_ = 0;
  std::string error_;
};

// A decimal's CLDR operands: its integer digits (no sign, no leading zeros,
// "0" for none) and v, how many fraction digits it shows.
struct Operands {
  bool valid = false;
  bool negative = false;
  std::string_view i;
  std::size_t v = 0;
};

Operands operands(std::string_view n) {
  Operands o;
  if (!n.empty() && n[0] == '-') {
    o.negative = true;
    n.remove_prefix(1);
  }
  const auto dot = n.find('.');
  std::string_view whole = n.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? "" : n.substr(dot + 1);
  const auto digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.empty() || !digits(whole) || !digits(fraction)) return o;
  if (dot != std::string_view::npos && fraction.empty()) return o;
  while (whole.size() > 1 && whole[0] == '0') whole.remove_prefix(1);
  o.valid = true;
  o.i = whole;
  o.v = fraction.size();
  return o;
}

void collect_placeholders(const Nodes& nodes, std::set<std::string>& out) {
  for (const Node& n : nodes) {
    if (n.kind == Node::Kind::kArg || n.kind == Node::Kind::kPlural) out.insert(n.text);
    for (const Branch& b : n.branches) collect_placeholders(b.body, out);
  }
}

// The plural selectors used by a pattern's blocks.
void collect_selectors(const Nodes& nodes, std::set<std::string>& out) {
  for (const Node& n : nodes)
    for (const Branch& b : n.branches) {
      out.insert(b.selector);
      collect_selectors(b.body, out);
    }
}

const std::string* find_arg(const Catalog::Args& args, std::string_view name) {
  for (const auto& [n, v] : args)
    if (n == name) return &v;
  return nullptr;
}

void render(const Nodes& nodes, const Catalog::Args& args, std::string_view lang,
            std::string_view number, std::string& out) {
  for (const Node& n : nodes) {
    switch (n.kind) {
      case Node::Kind::kText:
        out += n.text;
        break;
      case Node::Kind::kNumber:
        out += number;
        break;
      case Node::Kind::kArg:
        if (const std::string* v = find_arg(args, n.text))
          out += *v;
        else
          out += fmt::format("{{{}}}", n.text);
        break;
      case Node::Kind::kPlural: {
        const std::string* v = find_arg(args, n.text);
        const std::string missing = fmt::format("{{{}}}", n.text);
        const std::string_view value = v ? std::string_view(*v) : std::string_view(missing);
        const Branch* chosen = nullptr;
        const Operands o = operands(value);
        if (o.valid && o.v == 0)
          for (const Branch& b : n.branches)
            if (!o.negative && b.selector[0] == '=') {
              std::string_view digits = std::string_view(b.selector).substr(1);
              while (digits.size() > 1 && digits[0] == '0') digits.remove_prefix(1);
              if (digits == o.i) chosen = &b;
            }
        const std::string_view category = plural_category(lang, value);
        for (const Branch& b : n.branches)
          if (!chosen && b.selector == category) chosen = &b;
        for (const Branch& b : n.branches)
          if (!chosen && b.selector == "other") chosen = &b;
        if (chosen) render(chosen->body, args, lang, value, out);
        break;
      }
    }
  }
}

// {name} placeholders only, as before plural blocks: what a malformed pattern
// gets (check() reports it), so a slip in a catalog never hides a text.
std::string fill_placeholders(std::string_view p, const Catalog::Args& args) {
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
        if (const std::string* v = find_arg(args, name))
          out += *v;
        else
          out.append(p.substr(i, close - i + 1));
        i = close;
        continue;
      }
    }
    out += c;
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

std::string_view plural_category(std::string_view lang, std::string_view number) {
  // CLDR's plural rules (Unicode CLDR, common/supplemental/plurals.xml; the
  // chart: unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html)
  // for our languages, on the operands i (the integer digits) and v (how
  // many fraction digits are shown; "1.0" is not "1"):
  //   en: one   i = 1 and v = 0                               other otherwise
  //   it: one   i = 1 and v = 0
  //       many  e = 0 and i != 0 and i % 1000000 = 0 and v = 0  other otherwise
  //       (e, the exponent of a compact "1,2 Mln", is 0 for our numbers)
  //   ko: other always
  // The browser's Intl.PluralRules follows the same data (web/src/i18n.ts).
  const Operands o = operands(number);
  if (!o.valid || lang == "ko") return "other";
  if (o.v != 0) return "other";
  if (o.i == "1") return "one";
  if (lang == "it" && o.i.size() > 6 && o.i.substr(o.i.size() - 6) == "000000") return "many";
  return "other";
}

std::vector<std::string_view> plural_categories(std::string_view lang) {
  if (lang == "ko") return {"other"};
  if (lang == "it") return {"one", "many", "other"};
  return {"one", "other"};
}

namespace {
// A pattern parsed, or nothing when it is malformed.
using Parsed = std::optional<Nodes>;

// The patterns a thread has filled, parsed once (a server fills the same few
// hundred for every message it writes; parsing one allocated a node per
// piece). Bounded: forgotten all at once past kPatternsKept.
const Parsed& parsed(std::string_view p) {
  constexpr std::size_t kPatternsKept = 2048;
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  thread_local std::unordered_map<std::string, Parsed, Hash, std::equal_to<>> cache;
  if (auto it = cache.find(p); it != cache.end()) return it->second;
  if (cache.size() >= kPatternsKept) cache.clear();
  Nodes nodes;
  PatternParser parser(p);
  Parsed out;
  if (parser.parse(nodes)) out = std::move(nodes);
  return cache.emplace(std::string(p), std::move(out)).first->second;
}
}  // namespace

std::string fill(std::string_view p, const Catalog::Args& args, std::string_view lang) {
  if (p.find('{') == std::string_view::npos && p.find('}') == std::string_view::npos)
    return std::string(p);
  const Parsed& nodes = parsed(p);
  if (!nodes) return fill_placeholders(p, args);
  std::string out;
  out.reserve(p.size() + 16);
  render(*nodes, args, lang, {}, out);
  return out;
}

std::string Catalog::format(std::string_view key, std::string_view lang, const Args& args) const {
  return fill(text(key, lang), args, lang);
}

std::vector<std::string> Catalog::keys() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : messages_) out.push_back(k);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Catalog::check() const {
  std::vector<std::string> problems;
  for (const std::string& key : keys()) {
    const auto& texts = messages_.find(key)->second;
    std::array<std::optional<std::set<std::string>>, kLanguages.size()> names;
    for (std::size_t i = 0; i < kLanguages.size(); ++i) {
      if (texts[i].empty()) {
        problems.push_back(fmt::format("{}: no {} text", key, kLanguages[i]));
        continue;
      }
      Nodes nodes;
      PatternParser parser(texts[i]);
      if (!parser.parse(nodes)) {
        problems.push_back(
            fmt::format("{}: the {} text is malformed: {}", key, kLanguages[i], parser.error()));
        continue;
      }
      std::set<std::string> selectors;
      collect_selectors(nodes, selectors);
      const auto categories = plural_categories(kLanguages[i]);
      for (const std::string& s : selectors)
        if (s[0] != '=' && std::find(categories.begin(), categories.end(), s) == categories.end())
          problems.push_back(
              fmt::format("{}: the {} text has a '{}' branch, a plural category {} never selects",
                          key, kLanguages[i], s, kLanguages[i]));
      names[i].emplace();
      collect_placeholders(nodes, *names[i]);
    }
    for (std::size_t i = 1; i < kLanguages.size(); ++i)
      if (names[0] && names[i] && *names[i] != *names[0])
        problems.push_back(fmt::format("{}: the {} text has other placeholders than the English",
                                       key, kLanguages[i]));
  }
  return problems;
}

}  // namespace meeple

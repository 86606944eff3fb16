#include "cli/choice_input.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace meeple::cli {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

bool is_number(std::string_view w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), is_digit);
}

// Words of a text: lower-case (ASCII), split at spaces and punctuation;
// other bytes (accents, Hangul) are kept.
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  std::string w;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80 || std::isalnum(c)) {
      w += static_cast<char>(std::tolower(c));
    } else if (!w.empty()) {
      out.push_back(std::move(w));
      w.clear();
    }
  }
  if (!w.empty()) out.push_back(std::move(w));
  return out;
}

// Korean counts things with 번 after the number: "23번" is 23, typed or in
// a choice's words ("23번 칸").
void without_counter(std::string& word) {
  constexpr std::string_view kBeon = "\xEB\xB2\x88";  // 번
  if (word.size() > kBeon.size() && word.ends_with(kBeon) &&
      is_number(std::string_view(word).substr(0, word.size() - kBeon.size())))
    word.resize(word.size() - kBeon.size());
}

std::vector<std::string> tokens_of(std::string_view typed) {
  std::vector<std::string> out;
  std::string t;
  for (char c : typed) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      if (!t.empty()) out.push_back(std::move(t));
      t.clear();
    } else {
      t += c;
    }
  }
  if (!t.empty()) out.push_back(std::move(t));
  return out;
}

// The part of a choice's words whose numbers are things the screen shows:
// brackets only when they label a thing ("(pad 1)", Korean's "(발굴지 3)":
// words and a number), not when they describe one ("(mammal, size 1)", "(1
// card rotated)"); with `descriptions`, nothing after a ": " outside
// brackets (a card's effect: "from dig site 3: gain 1 amber").
std::string shown_part(std::string_view words, bool descriptions) {
  auto is_label = [](std::string_view inside) {
    if (inside.find_first_of(",:;") != std::string_view::npos) return false;
    std::vector<std::string> w = words_of(inside);
    if (w.size() < 2) return false;
    without_counter(w.back());
    return is_number(w.back()) && std::none_of(w.begin(), w.end() - 1, [](const std::string& x) {
             return std::any_of(x.begin(), x.end(), is_digit);
           });
  };
  std::string out;
  for (std::size_t at = 0; at < words.size(); ++at) {
    if (words[at] == '(') {
      int depth = 1;
      std::size_t end = at + 1;
      for (; end < words.size() && depth > 0; ++end)
        depth += words[end] == '(' ? 1 : words[end] == ')' ? -1 : 0;
      const std::string_view inside = words.substr(at + 1, end - at - 2);
      if (is_label(inside)) out += " " + std::string(inside) + " ";
      at = end - 1;
      continue;
    }
    if (descriptions && words.substr(at, 2) == ": ") break;
    out += words[at];
  }
  return out;
}

}  // namespace

std::string choice_key(std::size_t i) {
  std::string key;
  ++i;  // bijective base 26: 1 = a, 26 = z, 27 = aa
  while (i > 0) {
    --i;
    key.insert(key.begin(), static_cast<char>('a' + i % 26));
    i /= 26;
  }
  return key;
}

std::vector<std::string> stable_keys(const std::vector<std::string>& words,
                                     std::map<std::string, std::string>& kept) {
  std::vector<std::string> keys(words.size());
  std::set<std::string> used;
  for (std::size_t i = 0; i < words.size(); ++i)
    if (auto it = kept.find(words[i]); it != kept.end() && used.insert(it->second).second)
      keys[i] = it->second;
  std::size_t next = 0;
  for (auto& key : keys) {
    if (!key.empty()) continue;
    while (used.contains(choice_key(next))) ++next;
    key = choice_key(next);
    used.insert(key);
  }
  for (std::size_t i = 0; i < words.size(); ++i) kept[words[i]] = keys[i];
  return keys;
}

bool has_word(std::string_view typed) {
  for (const std::string& t : tokens_of(typed))
    if (!std::any_of(t.begin(), t.end(), is_digit) && !words_of(t).empty()) return true;
  return false;
}

TypedChoice read_choice(const std::vector<std::string>& words, std::string_view typed, bool keys) {
  std::vector<std::string> letters;
  if (keys)
    for (std::size_t i = 0; i < words.size(); ++i) letters.push_back(choice_key(i));
  return read_choice(words, typed, letters);
}

TypedChoice read_choice(const std::vector<std::string>& words, std::string_view typed,
                        const std::vector<std::string>& keys, const std::vector<std::string>& also,
                        bool descriptions) {
  TypedChoice out;
  const auto tokens = tokens_of(typed);
  if (tokens.size() == 1) {
    std::string key = tokens[0];
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::size_t i = 0; i < keys.size() && i < words.size(); ++i)
      if (keys[i] == key) {
        out.kind = TypedChoice::Kind::kPicked;
        out.index = i;
        return out;
      }
  }
  std::vector<std::string> wanted;
  for (std::string t : tokens) {
    without_counter(t);
    if (std::any_of(t.begin(), t.end(), is_digit)) {
      if (!is_number(t)) {
        out.kind = TypedChoice::Kind::kBadToken;
        out.token = t;
        return out;
      }
      // "07" is the 7 the screen shows.
      const auto nz = t.find_first_not_of('0');
      wanted.push_back(nz == std::string::npos ? "0" : t.substr(nz));
    } else {
      for (auto& w : words_of(t)) wanted.push_back(std::move(w));
    }
  }
  if (wanted.empty()) return out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::vector<std::string> have = words_of(words[i]);
    std::vector<std::string> numbers = words_of(shown_part(words[i], descriptions));
    if (i < also.size()) {
      for (auto& w : words_of(also[i])) have.push_back(std::move(w));
      for (auto& w : words_of(shown_part(also[i], descriptions))) numbers.push_back(std::move(w));
    }
    for (auto& h : have) without_counter(h);
    for (auto& h : numbers) without_counter(h);
    const bool all = std::all_of(wanted.begin(), wanted.end(), [&](const std::string& w) {
      if (is_number(w)) return std::find(numbers.begin(), numbers.end(), w) != numbers.end();
      return std::any_of(have.begin(), have.end(),
                         [&](const std::string& h) { return h.rfind(w, 0) == 0; });
    });
    if (all) out.fits.push_back(i);
  }
  if (out.fits.size() == 1) {
    out.kind = TypedChoice::Kind::kPicked;
    out.index = out.fits[0];
  } else if (out.fits.size() > 1) {
    out.kind = TypedChoice::Kind::kSeveral;
  }
  return out;
}

}  // namespace meeple::cli

// The table-talk rule (RULINGS 1.4): a chat message may not name a
// characteristic in any of the three languages.
#include <string>
#include <vector>

#include "games/first_contact/first_contact.h"

namespace meeple::first_contact {

namespace {

struct Word {
  std::string text;  // lowercase
  bool korean = false;
  int characteristic = 0;
};

// Lowercases ASCII letters and the accented Latin-1 capitals used in Italian
// (UTF-8 "C3 80".."C3 9E" -> "C3 A0".."C3 BE"); other bytes are unchanged.
std::string fold(std::string_view s) {
  std::string out(s);
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto c = static_cast<unsigned char>(out[i]);
    if (c >= 'A' && c <= 'Z') {
      out[i] = static_cast<char>(c - 'A' + 'a');
    } else if (c == 0xC3 && i + 1 < out.size()) {
      auto d = static_cast<unsigned char>(out[i + 1]);
      if (d >= 0x80 && d <= 0x9E && d != 0x97) out[i + 1] = static_cast<char>(d + 0x20);
      ++i;
    }
  }
  return out;
}

// A letter for word boundaries: ASCII letters and digits and any non-ASCII
// byte (accented letters are multi-byte UTF-8), so "grandezza" does not match
// "grande" but "grande!" does.
bool is_word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

const std::vector<Word>& words() {
  static const std::vector<Word> list = [] {
    std::vector<Word> w;
    const auto& chars = catalog().characteristics;
    for (std::size_t k = 0; k < chars.size(); ++k) {
      const Characteristic& c = chars[k];
      const int ki = static_cast<int>(k);
      for (const std::string& s : {c.en, c.it}) w.push_back({fold(s), false, ki});
      for (const auto& s : c.alt_en) w.push_back({fold(s), false, ki});
      for (const auto& s : c.alt_it) w.push_back({fold(s), false, ki});
      w.push_back({c.ko, true, ki});
      for (const auto& s : c.alt_ko) w.push_back({s, true, ki});
    }
    return w;
  }();
  return list;
}

bool contains_word(const std::string& text, const std::string& word) {
  if (word.empty()) return false;
  for (std::size_t pos = text.find(word); pos != std::string::npos;
       pos = text.find(word, pos + 1)) {
    const bool left_ok = pos == 0 || !is_word_byte(static_cast<unsigned char>(text[pos - 1]));
    const std::size_t end = pos + word.size();
    const bool right_ok =
        end >= text.size() || !is_word_byte(static_cast<unsigned char>(text[end]));
    if (left_ok && right_ok) return true;
  }
  return false;
}

}  // namespace

std::optional<Error> check_chat_message(std::string_view text) {
  const std::string folded = fold(text);
  for (const Word& w : words()) {
    const bool hit = w.korean ? (!w.text.empty() && folded.find(w.text) != std::string::npos)
                              : contains_word(folded, w.text);
    if (hit) {
      const Characteristic& c =
          catalog().characteristics[static_cast<std::size_t>(w.characteristic)];
      return make_error("chat/names_characteristic", "players may not name a characteristic: \"" +
                                                         w.text + "\" names " + c.en + " (" + c.it +
                                                         ", " + c.ko + ")");
    }
  }
  return std::nullopt;
}

}  // namespace meeple::first_contact

// The table-talk rule (rulings 1.4): a chat message may not name a
// characteristic in any of the three languages.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/first_contact/catalog.h"
#include "games/first_contact/chat.h"
#include "games/first_contact/words.h"

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

// Where `word` stands in `text` from the start of a word: for each such
// place, `accept` sees the rest of that word after it (the bytes up to the
// next word boundary); returns the whole word [begin, end) of the first
// place it accepts, or npos.
template <class Accept>
std::pair<std::size_t, std::size_t> find_word_start(const std::string& text,
                                                    const std::string& word, Accept accept) {
  if (word.empty()) return {std::string::npos, 0};
  for (std::size_t pos = text.find(word); pos != std::string::npos;
       pos = text.find(word, pos + 1)) {
    if (pos > 0 && is_word_byte(static_cast<unsigned char>(text[pos - 1]))) continue;
    std::size_t end = pos + word.size();
    while (end < text.size() && is_word_byte(static_cast<unsigned char>(text[end]))) ++end;
    if (accept(std::string_view(text).substr(pos + word.size(), end - pos - word.size())))
      return {pos, end};
  }
  return {std::string::npos, 0};
}

// English and Italian: whole words only.
std::pair<std::size_t, std::size_t> find_word(const std::string& text, const std::string& word) {
  return find_word_start(text, word, [](std::string_view rest) { return rest.empty(); });
}

// Korean attaches particles and copula endings to a word (큰게, 힘이,
// 무기인가), while a name can also begin an unrelated word (힘들다, 긴장,
// 옷장). So a Korean form counts where a word begins with it and the rest of
// that word is nothing or one of these endings.
std::pair<std::size_t, std::size_t> find_korean_word(const std::string& text,
                                                     const std::string& word) {
  static const std::vector<std::string_view> kEndings = {
      "이",   "가",   "은",     "는",     "을",   "를",   "의",   "에",     "에서", "에게",
      "한테", "로",   "으로",   "와",     "과",   "도",   "만",   "까지",   "부터", "보다",
      "처럼", "같은", "같이",   "랑",     "이랑", "나",   "이나", "야",     "이야", "요",
      "이요", "예요", "이에요", "입니다", "이다", "다",   "인가", "인가요", "일까", "일까요",
      "인데", "인지", "이지",   "지",     "게",   "거",   "것",   "걸",     "건",   "데",
      "들",   "들이", "들을",   "들은",   "인",   "이고", "고",   "이라",   "라고", "이라고",
      "이네", "네",   "죠",     "이죠"};
  return find_word_start(text, word, [](std::string_view rest) {
    return rest.empty() || std::find(kEndings.begin(), kEndings.end(), rest) != kEndings.end();
  });
}

}  // namespace

std::optional<Error> check_chat_message(std::string_view text, std::string_view lang) {
  // Folding keeps every byte where it was, so a place in `folded` is the same
  // place in `text`: the refusal quotes the word as it was typed.
  const std::string folded = fold(text);
  for (const Word& w : words()) {
    const auto [begin, end] =
        w.korean ? find_korean_word(folded, w.text) : find_word(folded, w.text);
    if (begin == std::string::npos) continue;
    const Characteristic& c = catalog().characteristics[static_cast<std::size_t>(w.characteristic)];
    const std::string_view name = lang == "it" ? c.it : lang == "ko" ? c.ko : c.en;
    return make_error("chat/names_characteristic",
                      say("chat.names_characteristic", lang,
                          {{"word", std::string(text.substr(begin, end - begin))},
                           {"characteristic", std::string(name)},
                           {"names", c.en + ", " + c.it + ", " + c.ko}}));
  }
  return std::nullopt;
}

}  // namespace meeple::first_contact

#include "server/account_names.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>

#include <memory>
#include <vector>

#include "server/protocol.h"

namespace meeple::server {

namespace {

// One code point of UTF-8 from s at i (advancing i); -1 when not UTF-8.
long next_code_point(std::string_view s, std::size_t& i) {
  const auto c = static_cast<unsigned char>(s[i++]);
  if (c < 0x80) return c;
  int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
  if (more < 0 || c >= 0xF8) return -1;
  long cp = c & (0x3F >> more);
  for (int k = 0; k < more; ++k) {
    if (i >= s.size()) return -1;
    const auto d = static_cast<unsigned char>(s[i++]);
    if ((d & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (d & 0x3F);
  }
  const long least[] = {0, 0x80, 0x800, 0x10000};
  if (cp < least[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  return cp;
}

void append_utf8(std::string& out, long cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Letters of the scripts a name may use (no Unicode tables here: the
// blocks of letters, their punctuation and symbols left out), and the
// combining accents that follow a letter.
bool is_letter(long cp) {
  if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')) return true;
  if (cp >= 0xC0 && cp <= 0x24F) return cp != 0xD7 && cp != 0xF7;     // Latin-1 and Extended
  if (cp >= 0x300 && cp <= 0x36F) return true;                        // combining accents
  if (cp >= 0x370 && cp <= 0x3FF) return cp != 0x37E && cp != 0x387;  // Greek
  if (cp >= 0x400 && cp <= 0x52F) return cp < 0x482 || cp > 0x489;    // Cyrillic
  if (cp >= 0x531 && cp <= 0x587) return cp < 0x557 || cp > 0x560;    // Armenian
  if (cp >= 0x5D0 && cp <= 0x5EA) return true;                        // Hebrew
  if (cp >= 0x620 && cp <= 0x64A) return true;                        // Arabic
  if (cp >= 0x900 && cp <= 0xDFF) return true;                        // Indic scripts
  if (cp >= 0xE01 && cp <= 0xE3A) return true;                        // Thai
  if (cp >= 0x10A0 && cp <= 0x10FF) return true;                      // Georgian
  if (cp >= 0x1100 && cp <= 0x11FF) return true;                      // Hangul Jamo
  if (cp >= 0x1E00 && cp <= 0x1FFF) return true;  // Latin Extended Additional, Greek Extended
  if (cp >= 0x3041 && cp <= 0x30FF) return cp != 0x30FB;  // Hiragana, Katakana
  if (cp >= 0x3131 && cp <= 0x318E) return true;          // Hangul compatibility Jamo
  if (cp >= 0x3400 && cp <= 0x4DBF) return true;          // CJK extension A
  if (cp >= 0x4E00 && cp <= 0x9FFF) return true;          // CJK
  if (cp >= 0xAC00 && cp <= 0xD7A3) return true;          // Hangul syllables
  return false;
}

// Lower case of the scripts with case.
long fold(long cp) {
  if (cp >= 'A' && cp <= 'Z') return cp + 32;
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 32;
  if (cp >= 0x100 && cp <= 0x17F && cp != 0x130 && cp != 0x131 && cp != 0x138 && cp != 0x149 &&
      cp != 0x17F) {
    // Pairs: even upper, odd lower, except 0x139-0x148 and 0x179-0x17E (odd upper).
    const bool odd_upper = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
    if (odd_upper) return cp % 2 == 1 ? cp + 1 : cp;
    return cp % 2 == 0 ? cp + 1 : cp;
  }
  if (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) return cp + 32;  // Greek
  if (cp == 0x3C2) return 0x3C3;                                  // final sigma
  if (cp >= 0x410 && cp <= 0x42F) return cp + 32;                 // Cyrillic
  if (cp >= 0x400 && cp <= 0x40F) return cp + 80;
  if (cp >= 0x460 && cp <= 0x52F && cp % 2 == 0 && (cp < 0x482 || cp > 0x489)) return cp + 1;
  if (cp >= 0x531 && cp <= 0x556) return cp + 48;  // Armenian
  if (cp >= 0x1E00 && cp <= 0x1EFF && cp % 2 == 0) return cp + 1;
  return cp;
}

Error name_error() {
  return make_error(errc::kAccountName,
                    "a name has 3 to 24 letters, digits, spaces, '_' or '-', and does not start "
                    "or end with a space");
}

// ICU's spoof checker, made once (its skeletons are thread-safe: a const
// checker), and the NFKC and NFKC_Casefold normalizers (ICU's own).
struct Spoof {
  USpoofChecker* checker = nullptr;
  const UNormalizer2* nfkc = nullptr;
  const UNormalizer2* nfkc_cf = nullptr;
  Spoof() {
    UErrorCode e = U_ZERO_ERROR;
    checker = uspoof_open(&e);
    nfkc = unorm2_getNFKCInstance(&e);
    nfkc_cf = unorm2_getNFKCCasefoldInstance(&e);
    if (U_FAILURE(e)) checker = nullptr;
  }
  ~Spoof() { uspoof_close(checker); }
};

const Spoof& spoof() {
  static const Spoof s;
  return s;
}

// ICU's way of filling a buffer: asked once to size it, then again.
template <class F>
std::u16string icu_string(F&& f) {
  std::u16string out(64, u'\0');
  UErrorCode e = U_ZERO_ERROR;
  int32_t n = f(out.data(), static_cast<int32_t>(out.size()), &e);
  if (e == U_BUFFER_OVERFLOW_ERROR) {
    out.resize(static_cast<std::size_t>(n));
    e = U_ZERO_ERROR;
    n = f(out.data(), n, &e);
  }
  if (U_FAILURE(e)) return {};
  out.resize(static_cast<std::size_t>(n));
  return out;
}

std::u16string normalized(const UNormalizer2* n, const std::u16string& s) {
  return icu_string([&](UChar* dest, int32_t cap, UErrorCode* e) {
    return unorm2_normalize(n, s.data(), static_cast<int32_t>(s.size()), dest, cap, e);
  });
}

std::u16string skeleton(const std::u16string& s) {
  return icu_string([&](UChar* dest, int32_t cap, UErrorCode* e) {
    return uspoof_getSkeleton(spoof().checker, 0, s.data(), static_cast<int32_t>(s.size()), dest,
                              cap, e);
  });
}

}  // namespace

Expected<std::string> check_account_name(const Json& name) {
  if (!name.is_string()) return name_error();
  const std::string& s = name.get_ref<const std::string&>();
  std::size_t i = 0;
  int count = 0;
  long first = -1, last = -1;
  while (i < s.size()) {
    const long cp = next_code_point(s, i);
    if (cp < 0) return name_error();
    const bool ok =
        is_letter(cp) || (cp >= '0' && cp <= '9') || cp == ' ' || cp == '_' || cp == '-';
    if (!ok || (count == 0 && cp >= 0x300 && cp <= 0x36F)) return name_error();
    // Invisible: a name with one reads as the name without it.
    if (u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
      return name_error();
    if (first < 0) first = cp;
    last = cp;
    ++count;
  }
  if (count < 3 || count > 24 || first == ' ' || last == ' ') return name_error();
  return s;
}

std::string fold_name(std::string_view name) {
  std::string out;
  std::size_t i = 0;
  while (i < name.size()) {
    const long cp = next_code_point(name, i);
    if (cp < 0) return std::string(name);  // checked names are UTF-8
    append_utf8(out, fold(cp));
  }
  return out;
}

std::string name_skeleton(std::string_view name) {
  const Spoof& sp = spoof();
  if (sp.checker == nullptr || name.empty()) return {};
  std::u16string u = icu_string([&](UChar* dest, int32_t cap, UErrorCode* e) {
    int32_t n = 0;
    u_strFromUTF8(dest, cap, &n, name.data(), static_cast<int32_t>(name.size()), e);
    return n;
  });
  if (u.empty()) return {};
  // Skeleton first, so that a capital I is an l as in "AIice" (case folded
  // first, it would be an i); then folded, and the lower case letters'
  // skeletons.
  const std::u16string key = skeleton(normalized(sp.nfkc_cf, skeleton(normalized(sp.nfkc, u))));
  if (key.empty()) return {};
  std::string out(key.size() * 3, '\0');
  UErrorCode e = U_ZERO_ERROR;
  int32_t n = 0;
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &n, key.data(),
              static_cast<int32_t>(key.size()), &e);
  if (U_FAILURE(e)) return {};
  out.resize(static_cast<std::size_t>(n));
  return out;
}

}  // namespace meeple::server

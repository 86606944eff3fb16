#include "server/json_patch.h"

#include <charconv>
#include <cstring>

#include "core/json_writer.h"
#include "core/params.h"

namespace meeple::server {

namespace {

using Node = JsonTape::Node;
using Kind = JsonTape::Kind;

// Json::diff's algorithm (nlohmann 3.11), walking the old text alongside
// the new one's tape: a value of the old text is read only as far as it
// differs from the new, since an unchanged value is its bytes (one memcmp)
// and is passed over whole.
class Differ {
 public:
  struct Malformed {};  // the old text is not JSON this reader understands

  Differ(std::string_view ft, std::string_view tt, const JsonTape& t, std::string& out)
      : ft_(ft), tt_(tt), tn_(t.nodes()), out_(out), matched_(tn_.size(), 0) {}

  void run() {
    out_ += '[';
    std::size_t i = space(0);
    i = diff(0, i);
    if (space(i) != ft_.size()) throw Malformed{};
    out_ += ']';
  }

 private:
  std::string_view to_text(const Node& n) const { return tt_.substr(n.begin, n.end - n.begin); }
  std::string_view to_key(const Node& n) const {
    return tt_.substr(n.key_begin, n.key_end - n.key_begin);
  }

  // The old text from i on: whitespace passed over, an expected byte, a
  // string (its end), a whole value (its end).
  std::size_t space(std::size_t i) const {
    while (i < ft_.size() && JsonTape::is_space(ft_[i])) ++i;
    return i;
  }
  std::size_t expect(std::size_t i, char c) const {
    i = space(i);
    if (i >= ft_.size() || ft_[i] != c) throw Malformed{};
    return space(i + 1);
  }
  // (A byte loop rather than skip_string's memchr: keys are short.)
  std::size_t string_end(std::size_t i) const {
    if (i >= ft_.size() || ft_[i] != '"') throw Malformed{};
    for (++i; i < ft_.size(); ++i) {
      if (ft_[i] == '"') return i + 1;
      if (ft_[i] == '\\') ++i;  // the next byte is escaped
    }
    throw Malformed{};
  }
  std::size_t value_end(std::size_t i) {
    closers_.clear();
    do {
      i = space(i);
      if (i >= ft_.size()) throw Malformed{};
      const char c = ft_[i];
      if (c == '"') {
        i = string_end(i);
      } else if (c == '{' || c == '[') {
        if (closers_.size() >= 256) throw Malformed{};
        closers_ += c == '{' ? '}' : ']';
        ++i;
        continue;
      } else if (c == '}' || c == ']') {
        if (closers_.empty() || closers_.back() != c) throw Malformed{};
        closers_.pop_back();
        ++i;
      } else if (c == ',' || c == ':') {
        if (closers_.empty()) throw Malformed{};
        ++i;
        continue;
      } else {
        const std::size_t b = i;
        while (i < ft_.size() && !JsonTape::is_space(ft_[i]) && ft_[i] != ',' && ft_[i] != ']' &&
               ft_[i] != '}' && ft_[i] != ':')
          ++i;
        if (i == b) throw Malformed{};
      }
    } while (!closers_.empty());
    return i;
  }

  // The old value at ft_[i] against the new one, node j: appends their
  // operations and returns where the old value ends.
  std::size_t diff(std::uint32_t j, std::size_t i) {
    const Node& b = tn_[j];
    const std::string_view to = to_text(b);
    // Equal when the old text holds the same bytes there, and a number or
    // literal ends where the new one does ("12" is not "123").
    if (ft_.compare(i, to.size(), to) == 0) {
      const std::size_t end = i + to.size();
      if (b.kind != Kind::kScalar || end == ft_.size() || JsonTape::is_space(ft_[end]) ||
          ft_[end] == ',' || ft_[end] == ']' || ft_[end] == '}')
        return end;
    }
    if (i < ft_.size()) {
      if (ft_[i] == '{' && b.kind == Kind::kObject) return diff_objects(j, i);
      if (ft_[i] == '[' && b.kind == Kind::kArray) return diff_arrays(j, i);
    }
    const std::size_t end = value_end(i);
    op("replace");
    value(b);
    return end;
  }

  // First each member of the old object in order (its changes, or its
  // removal), then the members only the new one has, in order.
  std::size_t diff_objects(std::uint32_t j, std::size_t i) {
    const std::uint32_t b_end = tn_[j].next;
    std::uint32_t cursor = j + 1;  // keys usually come in the same order on both sides
    i = space(i + 1);
    if (i < ft_.size() && ft_[i] == '}') {
      ++i;
    } else {
      for (;;) {
        const std::size_t key_begin = i + 1;
        i = string_end(i);
        const std::string_view key = ft_.substr(key_begin, i - 1 - key_begin);
        i = expect(i, ':');
        const std::uint32_t m = find(key, cursor, j + 1, b_end);
        const std::size_t len = path_.size();
        push_key(key);
        if (m == b_end) {
          i = value_end(i);
          op("remove");
          out_ += '}';
        } else {
          i = diff(m, i);
          matched_[m] = 1;
          cursor = tn_[m].next;
        }
        path_.resize(len);
        i = space(i);
        if (i < ft_.size() && ft_[i] == ',') {
          i = space(i + 1);
          continue;
        }
        i = expect(i, '}');
        break;
      }
    }
    for (std::uint32_t m = j + 1; m < b_end; m = tn_[m].next) {
      if (matched_[m]) continue;
      const std::size_t len = path_.size();
      push_key(to_key(tn_[m]));
      op("add");
      value(tn_[m]);
      path_.resize(len);
    }
    return i;
  }

  // Common elements pairwise; then the surplus of the old array removed from
  // the last, or the surplus of the new one added at the end.
  std::size_t diff_arrays(std::uint32_t j, std::size_t i) {
    const std::uint32_t b_end = tn_[j].next;
    std::uint32_t m = j + 1;
    std::size_t index = 0;
    const std::size_t len = path_.size();
    i = space(i + 1);
    bool more = i >= ft_.size() || ft_[i] != ']';  // the old array has an element at i
    if (!more) ++i;
    for (; more && m < b_end; m = tn_[m].next, ++index) {
      push_index(index);
      i = diff(m, i);
      path_.resize(len);
      more = next_element(i);
    }
    if (more) {
      std::size_t count = 0;
      while (more) {
        i = value_end(i);
        ++count;
        more = next_element(i);
      }
      for (std::size_t r = index + count; r-- > index;) {
        push_index(r);
        op("remove");
        out_ += '}';
        path_.resize(len);
      }
    }
    for (; m < b_end; m = tn_[m].next) {
      path_ += "/-";
      op("add");
      value(tn_[m]);
      path_.resize(len);
    }
    return i;
  }
  // After an element of the old array: true with i at the next one, or
  // false with i past the array's end.
  bool next_element(std::size_t& i) const {
    i = space(i);
    if (i < ft_.size() && ft_[i] == ',') {
      i = space(i + 1);
      return true;
    }
    i = expect(i, ']');
    return false;
  }

  // The member of the new object named `key` between begin and end, looked
  // for from `cursor` on first; end when there is none.
  std::uint32_t find(std::string_view key, std::uint32_t cursor, std::uint32_t begin,
                     std::uint32_t end) const {
    for (std::uint32_t m = cursor; m < end; m = tn_[m].next)
      if (to_key(tn_[m]) == key) return m;
    for (std::uint32_t m = begin; m < cursor && m < end; m = tn_[m].next)
      if (to_key(tn_[m]) == key) return m;
    return end;
  }

  // A key as a JSON Pointer segment (RFC 6901: ~ as ~0, / as ~1), from its
  // escaped JSON text.
  void push_key(std::string_view raw) {
    path_ += '/';
    std::string decoded;
    std::string_view key = raw;
    if (raw.find('\\') != std::string_view::npos) {
      decoded = Json::parse("\"" + std::string(raw) + "\"").get<std::string>();
      key = decoded;
    }
    for (char c : key) {
      if (c == '~')
        path_ += "~0";
      else if (c == '/')
        path_ += "~1";
      else
        path_ += c;
    }
  }
  void push_index(std::size_t index) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, index);
    path_ += '/';
    path_.append(buf, r.ptr);
  }

  // {"op":...,"path":... (the caller adds the value, or closes it).
  void op(const char* name) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += "{\"op\":\"";
    out_ += name;
    out_ += "\",\"path\":";
    JsonWriter::append_string(out_, path_);
  }
  void value(const Node& b) {
    out_ += ",\"value\":";
    out_ += to_text(b);
    out_ += '}';
  }

  std::string_view ft_;
  std::string_view tt_;
  const std::vector<Node>& tn_;
  std::string& out_;
  std::vector<char> matched_;  // per node of the new text: a member the old object has
  std::string closers_;        // value_end's open containers
  std::string path_;
  bool first_ = true;
};

}  // namespace

bool append_patch(std::string_view from_text, std::string_view to_text, const JsonTape& to,
                  std::string& out) {
  if (to.empty()) return false;
  const std::size_t size = out.size();
  try {
    Differ(from_text, to_text, to, out).run();
    return true;
  } catch (const Differ::Malformed&) {
    out.resize(size);
    return false;
  }
}

}  // namespace meeple::server

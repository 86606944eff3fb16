#include "server/json_patch.h"

#include <charconv>
#include <cstring>

#include "core/json_writer.h"
#include "core/params.h"

namespace meeple::server {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

void skip_space(std::string_view t, std::size_t& i) {
  while (i < t.size() && is_space(t[i])) ++i;
}

// Moves i past a string that starts at t[i] == '"'.
bool skip_string(std::string_view t, std::size_t& i) {
  ++i;
  while (i < t.size()) {
    const void* q = std::memchr(t.data() + i, '"', t.size() - i);
    if (q == nullptr) return false;
    const std::size_t end = static_cast<std::size_t>(static_cast<const char*>(q) - t.data());
    // Escaped when an odd number of backslashes stands before it.
    std::size_t slashes = 0;
    while (end - slashes > i && t[end - slashes - 1] == '\\') ++slashes;
    i = end + 1;
    if (slashes % 2 == 0) return true;
  }
  return false;
}

}  // namespace

bool JsonTape::read(std::string_view text) {
  nodes_.clear();
  if (text.size() >= UINT32_MAX) return false;
  nodes_.reserve(text.size() / 8);  // views run about one value per 10 bytes
  std::size_t i = 0;
  skip_space(text, i);
  bool ok = value(text, i, 0);
  skip_space(text, i);
  if (!ok || i != text.size()) {
    nodes_.clear();
    return false;
  }
  return true;
}

bool JsonTape::value(std::string_view t, std::size_t& i, int depth) {
  if (depth > 256 || i >= t.size()) return false;
  const std::size_t me = nodes_.size();
  nodes_.emplace_back();
  nodes_[me].begin = static_cast<std::uint32_t>(i);
  const char c = t[i];
  if (c == '{' || c == '[') {
    const bool object = c == '{';
    const char close = object ? '}' : ']';
    nodes_[me].kind = object ? Kind::kObject : Kind::kArray;
    ++i;
    skip_space(t, i);
    if (i < t.size() && t[i] == close) {
      ++i;
    } else {
      for (;;) {
        std::size_t key_begin = 0, key_end = 0;
        if (object) {
          if (i >= t.size() || t[i] != '"') return false;
          key_begin = i + 1;
          if (!skip_string(t, i)) return false;
          key_end = i - 1;
          skip_space(t, i);
          if (i >= t.size() || t[i] != ':') return false;
          ++i;
          skip_space(t, i);
        }
        const std::size_t child = nodes_.size();
        if (!value(t, i, depth + 1)) return false;
        nodes_[child].key_begin = static_cast<std::uint32_t>(key_begin);
        nodes_[child].key_end = static_cast<std::uint32_t>(key_end);
        skip_space(t, i);
        if (i >= t.size()) return false;
        if (t[i] == ',') {
          ++i;
          skip_space(t, i);
          continue;
        }
        if (t[i] != close) return false;
        ++i;
        break;
      }
    }
  } else if (c == '"') {
    nodes_[me].kind = Kind::kString;
    if (!skip_string(t, i)) return false;
  } else {
    nodes_[me].kind = Kind::kScalar;
    while (i < t.size() && t[i] != ',' && t[i] != ']' && t[i] != '}' && !is_space(t[i])) ++i;
    if (i == nodes_[me].begin) return false;
  }
  nodes_[me].end = static_cast<std::uint32_t>(i);
  nodes_[me].next = static_cast<std::uint32_t>(nodes_.size());
  return true;
}

namespace {

using Node = JsonTape::Node;
using Kind = JsonTape::Kind;

// Json::diff's algorithm (nlohmann 3.11) on two tapes.
class Differ {
 public:
  Differ(std::string_view ft, const JsonTape& f, std::string_view tt, const JsonTape& t,
         std::string& out)
      : ft_(ft), fn_(f.nodes()), tt_(tt), tn_(t.nodes()), out_(out) {}

  void run() {
    out_ += '[';
    if (!fn_.empty() && !tn_.empty()) diff(0, 0);
    out_ += ']';
  }

 private:
  std::string_view from_text(const Node& n) const { return ft_.substr(n.begin, n.end - n.begin); }
  std::string_view to_text(const Node& n) const { return tt_.substr(n.begin, n.end - n.begin); }
  std::string_view from_key(const Node& n) const {
    return ft_.substr(n.key_begin, n.key_end - n.key_begin);
  }
  std::string_view to_key(const Node& n) const {
    return tt_.substr(n.key_begin, n.key_end - n.key_begin);
  }

  void diff(std::uint32_t i, std::uint32_t j) {
    const Node& a = fn_[i];
    const Node& b = tn_[j];
    if (from_text(a) == to_text(b)) return;
    if (a.kind == Kind::kObject && b.kind == Kind::kObject) return diff_objects(i, j);
    if (a.kind == Kind::kArray && b.kind == Kind::kArray) return diff_arrays(i, j);
    op("replace");
    value(b);
  }

  // First each member of `from` in order (its changes, or its removal),
  // then the members only `to` has, in order.
  void diff_objects(std::uint32_t i, std::uint32_t j) {
    const std::uint32_t a_end = fn_[i].next, b_end = tn_[j].next;
    std::uint32_t cursor = j + 1;  // keys usually come in the same order on both sides
    for (std::uint32_t k = i + 1; k < a_end; k = fn_[k].next) {
      const std::string_view key = from_key(fn_[k]);
      const std::uint32_t m = find(key, cursor, j + 1, b_end);
      const std::size_t len = path_.size();
      push_key(key);
      if (m == b_end) {
        op("remove");
        out_ += '}';
      } else {
        diff(k, m);
        cursor = tn_[m].next;
      }
      path_.resize(len);
    }
    for (std::uint32_t m = j + 1; m < b_end; m = tn_[m].next) {
      const std::string_view key = to_key(tn_[m]);
      if (find_from(key, i + 1, a_end) != a_end) continue;
      const std::size_t len = path_.size();
      push_key(key);
      op("add");
      value(tn_[m]);
      path_.resize(len);
    }
  }

  // Common elements pairwise; then the surplus of `from` removed from the
  // last, or the surplus of `to` added at the end.
  void diff_arrays(std::uint32_t i, std::uint32_t j) {
    const std::uint32_t a_end = fn_[i].next, b_end = tn_[j].next;
    std::uint32_t k = i + 1, m = j + 1;
    std::size_t index = 0;
    const std::size_t len = path_.size();
    for (; k < a_end && m < b_end; k = fn_[k].next, m = tn_[m].next, ++index) {
      push_index(index);
      diff(k, m);
      path_.resize(len);
    }
    if (k < a_end) {
      std::size_t count = 0;
      for (std::uint32_t r = k; r < a_end; r = fn_[r].next) ++count;
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
  }

  // The member of `to` named `key` between begin and end, looked for from
  // `cursor` on first; end when there is none.
  std::uint32_t find(std::string_view key, std::uint32_t cursor, std::uint32_t begin,
                     std::uint32_t end) const {
    for (std::uint32_t m = cursor; m < end; m = tn_[m].next)
      if (to_key(tn_[m]) == key) return m;
    for (std::uint32_t m = begin; m < cursor && m < end; m = tn_[m].next)
      if (to_key(tn_[m]) == key) return m;
    return end;
  }
  std::uint32_t find_from(std::string_view key, std::uint32_t begin, std::uint32_t end) const {
    for (std::uint32_t k = begin; k < end; k = fn_[k].next)
      if (from_key(fn_[k]) == key) return k;
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
  const std::vector<Node>& fn_;
  std::string_view tt_;
  const std::vector<Node>& tn_;
  std::string& out_;
  std::string path_;
  bool first_ = true;
};

}  // namespace

void append_patch(std::string_view from_text, const JsonTape& from, std::string_view to_text,
                  const JsonTape& to, std::string& out) {
  Differ(from_text, from, to_text, to, out).run();
}

}  // namespace meeple::server

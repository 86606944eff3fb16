#include "core/json_tape.h"

#include <cstring>

namespace meeple {

namespace {

void skip_space(std::string_view t, std::size_t& i) {
  while (i < t.size() && JsonTape::is_space(t[i])) ++i;
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
  broken_ = false;
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
    while (i < t.size() && t[i] != ',' && t[i] != ']' && t[i] != '}' && !JsonTape::is_space(t[i]))
      ++i;
    if (i == nodes_[me].begin) return false;
  }
  nodes_[me].end = static_cast<std::uint32_t>(i);
  nodes_[me].next = static_cast<std::uint32_t>(nodes_.size());
  return true;
}

void JsonTape::splice(const JsonTape& value, std::size_t begin) {
  if (value.empty()) {
    broken_ = true;
    return;
  }
  const auto at = static_cast<std::uint32_t>(begin);
  const auto first = static_cast<std::uint32_t>(nodes_.size());
  for (Node n : value.nodes_) {
    n.begin += at;
    n.end += at;
    // Offset 0 is the value's first byte, so no member's key starts there:
    // 0 means the node has no key.
    if (n.key_begin != 0) {
      n.key_begin += at;
      n.key_end += at;
    }
    n.next += first;
    nodes_.push_back(n);
  }
  nodes_[first].key_begin = key_begin_;
  nodes_[first].key_end = key_end_;
  key_begin_ = key_end_ = 0;
}

void JsonTape::value_at(std::string_view text, std::size_t begin) {
  const std::size_t child = nodes_.size();
  const std::uint32_t kb = key_begin_, ke = key_end_;
  key_begin_ = key_end_ = 0;
  std::size_t i = begin;
  // (Nodes stay as they are when it fails, so that the builder's go on.)
  if (!value(text, i, static_cast<int>(open_.size())) || i != text.size()) {
    broken_ = true;
    return;
  }
  nodes_[child].key_begin = kb;
  nodes_[child].key_end = ke;
}

}  // namespace meeple

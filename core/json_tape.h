// Where each value of a JSON text lies, for code that compares JSON texts
// without building trees (the server's view patches, server/json_patch.h).
// A tape is read from a text (read), or built by the JsonWriter that writes
// the text (core/json_writer.h), which costs a few stores per value where
// reading the text again costs a pass over every byte.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace meeple {

// In document order: node 0 is the whole value; a container's children
// follow it, each child's subtree ending where `next` points.
class JsonTape {
 public:
  enum class Kind : std::uint8_t { kObject, kArray, kString, kScalar };
  // JSON's whitespace.
  static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
  struct Node {
    std::uint32_t begin = 0, end = 0;          // the value's text
    std::uint32_t key_begin = 0, key_end = 0;  // an object member's key (inside the quotes)
    std::uint32_t next = 0;                    // the node after this subtree
    Kind kind = Kind::kScalar;
  };

  // Reads `text` (valid JSON, as dump() writes it). False when it is not
  // JSON this reader understands (the tape is then empty).
  bool read(std::string_view text);
  const std::vector<Node>& nodes() const { return nodes_; }
  // True when the tape describes no text: none was read or built, or one
  // was not JSON.
  bool empty() const { return nodes_.empty() || broken_; }
  std::size_t memory() const { return nodes_.capacity() * sizeof(Node); }

  // Building the tape as a writer writes the text (positions are offsets
  // into it). `start` forgets what was there; then, in the text's order:
  // `key` before an object member's value, `open` and `close` around a
  // container's members, `leaf` for a string or a scalar, and `value_at`
  // for a value written as text some other way (it is read).
  void start(std::size_t nodes_hint) {
    nodes_.clear();
    open_.clear();
    nodes_.reserve(nodes_hint);
    key_begin_ = key_end_ = 0;
    broken_ = false;
  }
  void key(std::size_t begin, std::size_t end) {
    key_begin_ = static_cast<std::uint32_t>(begin);
    key_end_ = static_cast<std::uint32_t>(end);
  }
  void open(Kind kind, std::size_t begin) {
    open_.push_back(static_cast<std::uint32_t>(nodes_.size()));
    push(kind, begin, 0);
  }
  void close(std::size_t end) {
    Node& n = nodes_[open_.back()];
    open_.pop_back();
    n.end = static_cast<std::uint32_t>(end);
    n.next = static_cast<std::uint32_t>(nodes_.size());
  }
  void leaf(Kind kind, std::size_t begin, std::size_t end) {
    push(kind, begin, end);
    nodes_.back().next = static_cast<std::uint32_t>(nodes_.size());
  }
  // The value that starts at text[begin] and ends the text (the tape is
  // empty() from then on when it is not JSON).
  void value_at(std::string_view text, std::size_t begin);
  // A value whose text, described by `value` (the tape of that text alone),
  // was copied to the text at `begin`: its nodes, moved there.
  void splice(const JsonTape& value, std::size_t begin);

 private:
  void push(Kind kind, std::size_t begin, std::size_t end) {
    nodes_.push_back({static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end),
                      key_begin_, key_end_, 0, kind});
    key_begin_ = key_end_ = 0;
  }
  bool value(std::string_view text, std::size_t& i, int depth);
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> open_;            // while building: the containers not yet closed
  std::uint32_t key_begin_ = 0, key_end_ = 0;  // while building: the next value's key
  bool broken_ = false;                        // value_at was given what is not JSON
};

}  // namespace meeple

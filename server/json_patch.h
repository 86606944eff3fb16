// Internal to server/: JSON Patch (RFC 6902) between two views kept as
// text. The server keeps each observer's last view as its compact text (a
// few KB, where a tree of the same view took tens). It reads the next view
// into a tape of where each value lies in it, and computes the patch by
// walking the old text alongside that tape: a subtree whose text is
// unchanged is passed over with one memcmp (the old text is read only where
// it changed), and the values of the patch are copied from the new text.
//
// The patch is the one nlohmann's Json::diff(from, to) gives, byte for byte
// as its dump() (same operations in the same order), when both texts are
// dumps of nlohmann values (keys in ascending order), as views are
// (AnyState::view_text). For other valid JSON it is still a correct patch.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meeple::server {

// Where each value of a JSON text lies, in document order: node 0 is the
// whole value; a container's children follow it, each child's subtree
// ending where `next` points.
class JsonTape {
 public:
  enum class Kind : std::uint8_t { kObject, kArray, kString, kScalar };
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
  bool empty() const { return nodes_.empty(); }
  std::size_t memory() const { return nodes_.capacity() * sizeof(Node); }

 private:
  bool value(std::string_view text, std::size_t& i, int depth);
  std::vector<Node> nodes_;
};

// Appends to `out` the patch that turns `from_text` into `to_text` (read
// into the tape `to`), as a JSON array: "[]" when they are equal. False,
// with `out` unchanged, when `from_text` is not JSON this reader
// understands or `to` is empty.
bool append_patch(std::string_view from_text, std::string_view to_text, const JsonTape& to,
                  std::string& out);

}  // namespace meeple::server

# Script mode: writes a C++ file holding the bytes of IN as a hex array, so any
# content (quotes, backslashes, non-ASCII) embeds unchanged.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR size "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}" "#include <string_view>\nnamespace meeple::embedded {\nstatic const unsigned char ${SYMBOL}_bytes[] = {${bytes} 0};\nextern const std::string_view ${SYMBOL}(reinterpret_cast<const char*>(${SYMBOL}_bytes), ${size});\n}\n")

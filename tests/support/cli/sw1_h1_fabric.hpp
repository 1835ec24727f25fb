#pragma once

// The two-node fabric the counter-threshold and config-file CLI tests share, as
// ibnetdiscover prints it: switch "sw1" (GUID 0x2c903006e29b0, LID 2) port 1 cabled to host
// "h1 mlx4_0" (port GUID 0x7cfe900300179b31, LID 3) at 4x FDR; and ibqueryerrors text giving
// sw1 port 1 SymbolErrorCounter 50 (above the built-in threshold of 10).

namespace ibatlas::test {

inline constexpr const char* kSw1H1Fabric =
    "switchguid=0x2c903006e29b0(2c903006e29b0)\n"
    "Switch\t4 \"S-0002c903006e29b0\"\t\t# \"sw1\" enhanced port 0 lid 2 lmc 0\n"
    "[1]\t\"H-7cfe900300179b30\"[1](7cfe900300179b31)\t\t# \"h1 mlx4_0\" lid 3 4xFDR\n"
    "\n"
    "caguid=0x7cfe900300179b30\n"
    "Ca\t1 \"H-7cfe900300179b30\"\t\t# \"h1 mlx4_0\"\n"
    "[1](7cfe900300179b31)\t\"S-0002c903006e29b0\"[1]\t\t# lid 3 lmc 0 \"sw1\" lid 2 4xFDR\n";

inline constexpr const char* kSw1SymbolErrors50 =
    "Errors for \"sw1\"\n"
    "   GUID 0x2c903006e29b0 port 1: [SymbolErrorCounter == 50]\n";

}  // namespace ibatlas::test

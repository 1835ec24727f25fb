#pragma once

// Shell completion scripts generated from the command line itself (`ibatlas completion
// bash|zsh`): the CLI11 definition is walked at run time, so a new subcommand or option is
// completed without anyone editing a script. The package build runs the built program to
// write the scripts it installs (cmake/ibatlas_install.cmake).

#include <ostream>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace ibatlas::cli {

// What a shell needs to know about one option or positional argument.
struct CompletionOption {
  std::vector<std::string> names;    // "-o", "--output"; empty for a positional
  std::string label;                 // the value's name for the shell: FILE, LEVEL, SOURCE
  std::string description;           // first line of the help text
  bool takes_value = false;          // a flag takes none
  bool value_optional = false;       // `--ar [FILE]`
  bool directory = false;            // the value is a directory (CLI::ExistingDirectory)
  bool number = false;               // INT, UINT, FLOAT: nothing to offer
  std::vector<std::string> choices;  // from a CLI::IsMember check; else files are offered
};

// One command level: the program, a subcommand, a subcommand's subcommand.
struct CompletionCommand {
  std::string name;
  std::string description;
  std::vector<CompletionOption> options;      // hidden ones (no group) left out
  std::vector<CompletionOption> positionals;  // in order
  std::vector<CompletionCommand> subcommands;
};

// The visible command tree under `app`.
CompletionCommand completion_model(const CLI::App& app);

// A bash script that registers `_ibatlas` for the program named root.name (complete -F).
// Needs nothing but bash: no bash-completion helpers.
void write_bash_completion(const CompletionCommand& root, std::ostream& out);

// A zsh completion function file (`#compdef`), for a directory on $fpath as `_ibatlas`.
void write_zsh_completion(const CompletionCommand& root, std::ostream& out);

}  // namespace ibatlas::cli

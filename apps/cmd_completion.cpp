// ibatlas completion bash|zsh: a completion script for the shell, generated from this very
// command line (completion.hpp). Exit 0.

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "ibatlas/exit_status.hpp"

#include "cli.hpp"
#include "completion.hpp"

namespace ibatlas::cli {

namespace {

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

bool is_plain_word(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_' || c == '.';
  });
}

// The choices of a CLI::IsMember check, as get_type_name() shows them: "TEXT:{a,b,c}"
// (a mapping's "a->1" is offered as "a"). Empty when there is no such check.
std::vector<std::string> choices_of(const std::string& type_name) {
  std::size_t open = type_name.find(":{");
  std::size_t close = type_name.find('}', open);
  if (open == std::string::npos || close == std::string::npos) {
    return {};
  }
  std::vector<std::string> choices;
  std::string_view list(type_name);
  list = list.substr(open + 2, close - open - 2);
  while (!list.empty()) {
    std::string_view item = list.substr(0, list.find(','));
    list.remove_prefix(std::min(list.size(), item.size() + 1));
    item = item.substr(0, item.find("->"));
    if (!is_plain_word(item)) {
      return {};  // something a shell word list cannot carry: offer files instead
    }
    choices.emplace_back(item);
  }
  return choices;
}

// The value's name: "FILE" from "[FILE]", "TEXT" from "TEXT:{...}".
std::string label_of(const std::string& type_name) {
  std::string label = type_name.substr(0, type_name.find(':'));
  std::erase_if(label, [](char c) { return c == '[' || c == ']'; });
  return label.empty() ? std::string("ARG") : label;
}

CompletionOption option_of(const CLI::Option& option) {
  CompletionOption o;
  for (const std::string& name : option.get_snames()) {
    o.names.push_back("-" + name);
  }
  for (const std::string& name : option.get_lnames()) {
    o.names.push_back("--" + name);
  }
  std::string type_name = option.get_type_name();
  o.label = o.names.empty() ? option.get_name(true) : label_of(type_name);
  o.description = first_line(option.get_description());
  // A flag expects no value (CLI11's add_flag sets expected(0)); `--ar [FILE]` expects 0 or 1.
  o.takes_value = option.get_type_size_max() > 0 && option.get_expected_max() > 0;
  o.value_optional = o.takes_value && option.get_expected_min() == 0;
  o.directory = type_name.find(":DIR") != std::string::npos;
  o.number = o.label == "INT" || o.label == "UINT" || o.label == "FLOAT";
  o.choices = choices_of(type_name);
  return o;
}

}  // namespace

CompletionCommand completion_model(const CLI::App& app) {
  CompletionCommand command;
  command.name = app.get_name();
  command.description = first_line(app.get_description());
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_group().empty()) {
      continue;  // hidden
    }
    CompletionOption o = option_of(*option);
    (o.names.empty() ? command.positionals : command.options).push_back(std::move(o));
  }
  std::vector<const CLI::App*> subcommands =
      app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
  command.subcommands.reserve(subcommands.size());
  for (const CLI::App* sub : subcommands) {
    command.subcommands.push_back(completion_model(*sub));
  }
  return command;
}

void add_completion_command(CLI::App& app, std::ostream& out, std::ostream& /*err*/, int& status) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "completion", "Print a bash or zsh completion script generated from this command line");
  cmd->add_option("SHELL", *shell, "bash or zsh")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh"}));
  cmd->footer(
      "bash: source it, or install it as /usr/share/bash-completion/completions/ibatlas.\n"
      "zsh: install it as _ibatlas in a directory on $fpath (Debian: "
      "/usr/share/zsh/vendor-completions).");
  cmd->callback([cmd, shell, &out, &status] {
    CompletionCommand root = completion_model(*cmd->get_parent());
    root.name = "ibatlas";  // the program's name, whatever argv[0] was
    if (*shell == "bash") {
      write_bash_completion(root, out);
    } else {
      write_zsh_completion(root, out);
    }
    status = kExitOk;
  });
}

}  // namespace ibatlas::cli

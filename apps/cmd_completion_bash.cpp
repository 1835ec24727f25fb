// The bash script: one function, _ibatlas, that finds the subcommand path in the words
// before the cursor (skipping option values), then offers the value choices of the option
// just typed, the options of that path, its subcommands, or file names. Plain bash: no
// bash-completion helpers, so it loads in any `bash`.

#include <string>
#include <vector>

#include "completion.hpp"

namespace ibatlas::cli {

namespace {

struct Level {
  std::string path;  // "" for the program, "check", "a b" for a nested one
  const CompletionCommand* command = nullptr;
};

void collect_levels(const CompletionCommand& command, const std::string& path,
                    std::vector<Level>& levels) {
  levels.push_back(Level{path, &command});
  for (const CompletionCommand& sub : command.subcommands) {
    collect_levels(sub, path.empty() ? sub.name : path + " " + sub.name, levels);
  }
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) {
    if (!text.empty()) {
      text += ' ';
    }
    text += word;
  }
  return text;
}

// `"path|--name"|"path|-n"`: the case pattern for one option at one level. Root options
// match at every level (`*|`), since subcommands pass unknown options up (fallthrough).
std::string patterns(const Level& level, const CompletionOption& option) {
  std::string text;
  for (const std::string& name : option.names) {
    if (!text.empty()) {
      text += '|';
    }
    text += level.path.empty() ? "*\"|" : "\"" + level.path + "|";
    text += name;
    text += '"';
  }
  return text;
}

// Step 1: walk the words before the cursor to the subcommand path.
void write_walk(const std::vector<Level>& levels, std::ostream& out) {
  out << "  local path=\"\" skip=\"\" i word\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    word=${COMP_WORDS[i]}\n"
         "    if [[ -n $skip ]]; then\n"
         "      skip=\"\"\n"
         "      continue\n"
         "    fi\n"
         "    case \"$path|$word\" in\n";
  for (const Level& level : levels) {
    for (const CompletionCommand& sub : level.command->subcommands) {
      out << "      \"" << level.path << '|' << sub.name << "\") path=\""
          << (level.path.empty() ? sub.name : level.path + " " + sub.name) << "\" ;;\n";
    }
  }
  for (const Level& level : levels) {
    for (const CompletionOption& option : level.command->options) {
      if (option.takes_value && !option.value_optional) {
        out << "      " << patterns(level, option) << ") skip=1 ;;\n";
      }
    }
  }
  out << "    esac\n"
         "  done\n";
}

// Step 2: the value of the option just before the cursor.
void write_values(const std::vector<Level>& levels, std::ostream& out) {
  out << "  case \"$path|$prev\" in\n";
  for (const Level& level : levels) {
    for (const CompletionOption& option : level.command->options) {
      if (!option.takes_value) {
        continue;
      }
      out << "    " << patterns(level, option) << ")\n";
      if (option.number) {
        out << "      return ;;\n";
        continue;
      }
      if (!option.choices.empty()) {
        out << "      COMPREPLY=($(compgen -W \"" << joined(option.choices) << "\" -- \"$cur\"))\n";
      } else {
        out << "      COMPREPLY=($(compgen " << (option.directory ? "-d" : "-f")
            << " -- \"$cur\"))\n";
      }
      out << "      return ;;\n";
    }
  }
  out << "  esac\n";
}

// Step 3: the options, subcommands and positional choices of the path.
void write_words(const std::vector<Level>& levels, std::ostream& out) {
  out << "  local opts=\"\" subs=\"\" choices=\"\"\n"
         "  case $path in\n";
  for (const Level& level : levels) {
    std::vector<std::string> names;
    for (const CompletionOption& option : level.command->options) {
      names.insert(names.end(), option.names.begin(), option.names.end());
    }
    std::vector<std::string> subs;
    subs.reserve(level.command->subcommands.size());
    for (const CompletionCommand& sub : level.command->subcommands) {
      subs.push_back(sub.name);
    }
    std::vector<std::string> choices;
    for (const CompletionOption& positional : level.command->positionals) {
      choices.insert(choices.end(), positional.choices.begin(), positional.choices.end());
    }
    out << "    \"" << level.path << "\") opts=\"" << joined(names) << "\" subs=\"" << joined(subs)
        << "\" choices=\"" << joined(choices) << "\" ;;\n";
  }
  out << "  esac\n"
         "  if [[ $cur == -* ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
         "  elif [[ -n $subs || -n $choices ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$subs $choices\" -- \"$cur\"))\n"
         "  else\n"
         "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "  fi\n";
}

}  // namespace

void write_bash_completion(const CompletionCommand& root, std::ostream& out) {
  std::vector<Level> levels;
  collect_levels(root, "", levels);
  out << "# bash completion for " << root.name << ", generated by `" << root.name
      << " completion bash` from its command line. Do not edit: regenerate.\n"
         "_"
      << root.name
      << "() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}\n"
         "  COMPREPLY=()\n";
  write_walk(levels, out);
  write_values(levels, out);
  write_words(levels, out);
  out << "}\n"
         "complete -o filenames -F _"
      << root.name << ' ' << root.name << '\n';
}

}  // namespace ibatlas::cli

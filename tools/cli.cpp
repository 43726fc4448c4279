// The CLI's entry: the subcommands registered on one CLI11 app, an empty value refused for
// every option that takes a value, and the one place that maps outcomes to exit codes and
// "catacomb SUB: error: ..." lines (0 ok, 1 generation or validation failed, 2 usage or invalid
// input, 3 I/O); library field names are turned into their flags here (flag_for_field).
#include "tools/cli.hpp"

#include <catacomb/version.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <string_view>
#include <utility>
#include <vector>

#include <catacomb/core/error.hpp>
#include "tools/command.hpp"

namespace catacomb::cli {

std::string flag_for_field(const std::string& field) {
  const bool config_field = !field.empty() && std::all_of(field.begin(), field.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (!config_field) return field;
  // Library fields whose flag has another name.
  static constexpr std::pair<std::string_view, std::string_view> kRenamed[] = {{"heuristic_scale", "--weight"}};
  for (const auto& [library_field, flag] : kRenamed)
    if (field == library_field) return std::string(flag);
  std::string flag = "--" + field;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

std::string cli_message(const InvalidArgument& e) {
  if (e.problems().empty()) return e.what();
  std::vector<FieldProblem> problems = e.problems();
  for (FieldProblem& p : problems) p.field = flag_for_field(p.field);
  return printable_text(to_string(problems));
}

namespace {

// CLI11's parse messages, reworded into "flag = value (expected ...)" where we can.
std::string reword_parse_error(const std::string& what) {
  static const std::regex conversion(R"(^Could not convert: (--[\w-]+) = (.*)$)");
  static const std::regex missing(R"(^(--[\w-]+): (\d+) required (\w+) missing$)");
  std::smatch m;
  if (std::regex_match(what, m, conversion)) return m[1].str() + " = " + m[2].str() + " (expected a number)";
  if (std::regex_match(what, m, missing)) return m[1].str() + " needs a value (expected " + m[3].str() + ")";
  return what;
}

// Every subcommand, with the CLI11 subcommand it parses into.
using Commands = std::vector<std::pair<CLI::App*, std::unique_ptr<Command>>>;

// Adds the subcommands to `app`, in the order --help lists them.
Commands add_commands(CLI::App& app) {
  Commands commands;
  auto add = [&](std::unique_ptr<Command> (*make)(CLI::App&)) {
    size_t before = app.get_subcommands({}).size();
    auto cmd = make(app);
    CLI::App* sub = app.get_subcommands({})[before];
    sub->allow_extras();
    commands.emplace_back(sub, std::move(cmd));
  };
  add(add_generate_command);
  add(add_validate_command);
  add(add_verify_command);
  add(add_path_command);
  add(add_scen_command);
  add(add_batch_command);
  add(add_tileset_command);
  add(add_templates_command);
  return commands;
}

// No option takes an empty value: `--png ''` is refused, not read as "not given" (numbers
// refuse it in their own check, tools/number_flags.hpp).
void refuse_empty_values(const Commands& commands) {
  for (auto& [sub, cmd] : commands)
    for (CLI::Option* opt : sub->get_options())
      if (opt->get_expected_min() > 0) {
        const std::string name = opt->get_name();
        opt->check(CLI::Validator(
            [name](std::string& v) -> std::string {
              if (v.empty()) throw InvalidArgument(FieldProblem{name, "''", "a non-empty value"});
              return {};
            },
            "", "non-empty"));
      }
}

// "catacomb" and the name of the subcommand parsed, if any, as messages name the command.
std::string parsed_command(const Commands& commands) {
  std::string where = "catacomb";
  for (auto& [sub, cmd] : commands)
    if (sub->parsed()) where += " " + sub->get_name();
  return where;
}

// Parses `args` into `app`. Returns the exit code when parsing ends the run (help, version or a
// usage error, printed), nothing when a subcommand is to run.
std::optional<int> parse_args(CLI::App& app, const Commands& commands, const std::vector<std::string>& args,
                              std::ostream& out, std::ostream& err) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    // Help for the subcommand that asked, else for the whole app.
    for (auto& [sub, cmd] : commands)
      if (sub->parsed()) {
        out << sub->help();
        return kExitOk;
      }
    out << app.help();
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    out << app.help("", CLI::AppFormatMode::All);
    return kExitOk;
  } catch (const CLI::CallForVersion& e) {
    out << e.what() << "\n";
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    if (!app.remaining().empty() && !app.remaining().front().starts_with("-")) {
      std::string names;
      for (auto& [sub, cmd] : commands) names += (names.empty() ? "" : ", ") + sub->get_name();
      err << "catacomb: error: unknown subcommand " << app.remaining().front() << " (expected one of " << names
          << ")\n";
      return kExitUsage;
    }
    const std::string where = parsed_command(commands);
    err << where << ": error: " << reword_parse_error(e.what()) << " (see '" << where << " --help')\n";
    return kExitUsage;
  } catch (const catacomb::InvalidArgument& e) {  // a value refused by a strict check while parsing
    err << parsed_command(commands) << ": error: " << cli_message(e) << "\n";
    return kExitUsage;
  }
  return std::nullopt;
}

// Runs the parsed subcommand `sub`, mapping its outcome to an exit code.
int run_command(const CLI::App& app, CLI::App& sub, Command& cmd, std::ostream& out, std::ostream& err) {
  const std::string where = "catacomb " + sub.get_name();
  // Unknown arguments, reported in the order given (CLI11's own message lists them reversed).
  std::vector<std::string> extras = sub.remaining();
  for (const auto& e : app.remaining()) extras.push_back(e);
  if (!extras.empty()) {
    std::string list;
    for (const auto& e : extras) list += (list.empty() ? "" : " ") + e;
    err << where << ": error: unknown argument " << list << " (expected an option listed by '" << where
        << " --help')\n";
    return kExitUsage;
  }
  try {
    return cmd.run(out, err);
  } catch (const catacomb::InvalidArgument& e) {
    err << where << ": error: " << cli_message(e) << "\n";
    return kExitUsage;
  } catch (const catacomb::GenerationError& e) {
    err << where << ": error: " << e.what() << "\n";
    return kExitFailed;
  } catch (const catacomb::IoError& e) {
    err << where << ": error: " << e.what() << "\n";
    return kExitIo;
  } catch (const catacomb::Error& e) {
    err << where << ": error: " << e.what() << "\n";
    return kExitIo;
  } catch (const std::bad_alloc&) {
    err << where << ": error: out of memory (try a smaller map)\n";
    return kExitIo;
  }
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"catacomb: seeded procedural dungeons, proven playable.", "catacomb"};
  app.set_version_flag("--version", std::string("catacomb ") + CATACOMB_VERSION);
  app.require_subcommand(1);
  app.allow_extras();
  app.footer(
      "Exit codes: 0 ok, 1 validation failed, 2 bad usage or input, 3 I/O error.\n"
      "Run 'catacomb SUBCOMMAND --help' for the options and an example of each.");
  const Commands commands = add_commands(app);
  refuse_empty_values(commands);
  if (const std::optional<int> code = parse_args(app, commands, args, out, err)) return *code;
  for (auto& [sub, cmd] : commands)
    if (sub->parsed()) return run_command(app, *sub, *cmd, out, err);
  return kExitUsage;
}

}  // namespace catacomb::cli

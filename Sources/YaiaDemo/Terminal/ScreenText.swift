import Yaia
import YaiaFlow
import YaiaSequencer

/// Draws the app's view model as text, a whole screen at a time: the terminal is the app's
/// only view. With `ansi`, it adds bold, colour and reverse video for a terminal; without, it
/// is plain text for a pipe, a log or a test.
struct ScreenText: Sendable {
  /// Whether to use ANSI styling.
  var ansi: Bool

  /// The screen for `model`, as lines: the screen of `top`, the route the navigator shows,
  /// under the navigator's `breadcrumb`.
  func lines(for model: DemoAppState.ViewModel, top: DemoRoute?, breadcrumb: String) -> [String] {
    var lines = [bold(v(model.title)), dim(v(breadcrumb))]
    lines += model.status.map { "  " + v($0) }
    lines.append("")
    switch top.flatMap({ model.screens[$0] }) {
    case nil:
      lines.append("…")
    case .launch(let progress):
      lines += launch(progress)
    case .update(let reason, let progress):
      lines += [bold("Update required"), v(reason), "Get the new version from the store.", ""]
      lines += launch(progress) + ["", dim("q quits")]
    case .pushed(let screen):
      lines += pushed(screen)
    case .home(let home):
      lines += self.home(home.speakers, launch: home.launch.report)
    case .push(let message):
      lines += [bold("🔔 Notification"), "  " + v(message), "", dim("Enter closes")]
    case .linkPrompt(let prompt):
      lines += [
        bold("Open a link"), field("Link", v(prompt.link), focused: true),
        dim("  yaia-demo://speakers/<nickname> · yaia-demo://pair · yaia-demo://settings/language"),
      ]
      if let problem = prompt.message { lines.append(yellow("! " + v(problem))) }
      lines += ["", dim("type a link · Enter opens it · Esc goes back")]
    }
    if let problem = model.linkProblem { lines += ["", red("✗ " + v(problem.description))] }
    if let message = model.message { lines += ["", yellow("! " + v(message))] }
    return lines
  }

  /// The lines of a pushed screen, drawn by its type.
  private func pushed(_ screen: ScreenViewModel) -> [String] {
    var lines: [String] = []
    if let language = screen.as(LanguageState.self) {
      let isSetting = language.isSetting
      lines.append(bold(isSetting ? "Language" : "Which language?"))
      for (index, name) in language.languages.enumerated() {
        lines.append(row(v(name), selected: index == language.selected))
      }
      lines += [
        "",
        dim(
          isSetting
            ? "↑/↓ choose · Enter sets it · Esc goes back" : "↑/↓ choose · Enter confirms"),
      ]
    } else if let login = screen.as(LoginState.self) {
      lines.append(bold("Log in"))
      lines.append(field("User name", v(login.user), focused: login.focus == .user))
      lines.append(field("Password ", v(login.password), focused: login.focus == .password))
      if login.isLoading { lines.append("  Logging in…") }
      if let banner = login.banner { lines.append(red("  ✗ " + v(banner))) }
      lines += ["", dim("type · Tab switches field · Enter logs in")]
    } else if let tutorial = screen.as(TutorialState.self) {
      lines += [bold("Tutorial (\(v(tutorial.position)))"), "  " + v(tutorial.page), ""]
      lines.append(dim(tutorial.isLast ? "Enter finishes" : "Enter next page · s skips"))
    } else if let pairing = screen.as(PairingState.self) {
      lines += self.pairing(pairing)
    }
    return lines
  }

  /// The screen for `model` as one string ending in a newline (see ``lines(for:top:breadcrumb:)``).
  func text(for model: DemoAppState.ViewModel, top: DemoRoute?, breadcrumb: String) -> String {
    lines(for: model, top: top, breadcrumb: breadcrumb).joined(separator: "\n") + "\n"
  }

  private func launch(_ progress: LaunchProgress) -> [String] {
    var lines: [String] = []
    if let splash = progress.splash { lines += DemoSplash.lines(splash, ansi: ansi) + [""] }
    lines.append(bold("Launching"))
    for line in progress.lines {
      let symbol: String
      let detail: String
      switch line.status {
      case .pending: (symbol, detail) = ("·", "not started")
      case .running: (symbol, detail) = ("…", "running")
      case .waitingForUser(let prompt):
        (symbol, detail) = ("?", "waiting for you: \(v("\(prompt)"))")
      case .finished: (symbol, detail) = (green("✓"), "done")
      case .stopped(let why): (symbol, detail) = (red("✗"), v(why))
      }
      // Each number says what it is: when the step started, counted from the launch's start,
      // and how long it took.
      let start = line.started.map { ", started at +\(DurationText.format($0))" } ?? ""
      let took = line.duration.map { ", took \(DurationText.format($0))" } ?? ""
      lines.append("  \(symbol) \(pad(v(line.step.description), 18)) \(detail)\(start)\(took)")
    }
    if let report = progress.report { lines += ["", v(headline(report))] }
    return lines
  }

  private func pairing(_ pairing: PairingState.ViewModel) -> [String] {
    var lines = [
      bold("Speakers nearby"),
      dim("  strongest first; + new, ↕ moved, ~ changed, ⇕ moved and changed"),
    ]
    if pairing.rows.isEmpty { lines.append("  Scanning…") }
    for row in pairing.rows {
      let paired = row.pairedAs.map { "  (paired as \(v($0)))" } ?? ""
      lines.append(
        self.row(
          "\(pad(v(row.model), 20)) \(bars(row.signal)) \(row.signal) dBm\(paired)",
          selected: row.isSelected, mark: row.mark))
    }
    if let changes = pairing.changes { lines.append(dim("  " + v(changes))) }
    lines.append("")
    if let naming = pairing.naming {
      lines.append(field("Nickname for \(v(naming.model))", v(naming.nickname), focused: true))
      if pairing.isSaving { lines.append("  Saving…") }
      lines.append(dim("type a nickname · Enter saves · Esc goes back"))
    } else {
      lines.append(dim("↑/↓ select · Enter picks · Esc leaves"))
    }
    if let message = pairing.message { lines.append(yellow("! " + v(message))) }
    return lines
  }

  /// `Launch completed in 612 ms (budget 3 s)`, or how it ended otherwise.
  private func headline(_ report: LaunchReport<DemoStep>) -> String {
    let outcome: String
    switch report.outcome {
    case .completed: outcome = "completed"
    case .failed(let steps):
      outcome = "completed with failures: \(steps.map(\.description).joined(separator: ", "))"
    case .aborted(let step, let reason): outcome = "aborted by \(step): \(reason)"
    case .cancelled: outcome = "cancelled"
    }
    let times =
      "in \(DurationText.format(report.launchTime)) (budget \(DurationText.format(report.budget))"
    return "Launch \(outcome) \(times)" + (report.budgetOverrun != nil ? ", OVER BUDGET)" : ")")
  }

  private func home(_ home: SpeakerListState.ViewModel, launch: LaunchReport<DemoStep>?)
    -> [String]
  {
    var lines: [String] = []
    if let launch {
      lines.append(v(headline(launch)))
      let steps = launch.records.map { step in
        "\(v("\(step.step)")) \(step.duration.map(DurationText.format) ?? "–")\(step.needsUserInput ? "*" : "")"
      }
      lines += wrapped(steps + ["(* may wait for you: not counted)"], width: 76).map {
        dim("  " + $0)
      }
      lines.append("")
    }
    lines.append(bold("Your speakers"))
    if home.rows.isEmpty { lines.append("  None yet: press p to pair one.") }
    for row in home.rows {
      lines.append(
        self.row(
          "\(pad(v(row.nickname), 20)) \(v(row.model))", selected: row.isSelected, mark: row.mark))
    }
    if let changes = home.changes { lines.append(dim("  " + v(changes))) }
    lines.append("")
    switch home.mode {
    case .browsing:
      lines.append(dim("↑/↓ select · r rename · d delete · p pair · o open a link · q quit"))
    case .renaming(let model, let nickname):
      lines.append(field("New nickname for \(v(model))", v(nickname), focused: true))
      lines.append(dim("Enter saves · Esc cancels"))
    case .confirmingDelete(let nickname):
      lines.append(yellow("Delete \(v(nickname))? y deletes · n keeps it"))
    }
    if let message = home.message { lines.append(yellow("! " + v(message))) }
    return lines
  }

  /// Text from the model, shown by the one terminal rule (``VisibleText``): whatever a server
  /// or a user put in it, the terminal shows it and acts on none of it.
  private func v(_ text: String) -> String { VisibleText.escaped(text) }

  private func row(_ text: String, selected: Bool, mark: RowMark? = nil) -> String {
    let markText = mark.map { markColor($0, $0.rawValue) } ?? " "
    let line = "\(selected ? "›" : " ")\(markText) "
    return line + (ansi && selected ? "\u{1B}[7m\(text)\u{1B}[0m" : text)
  }

  private func field(_ label: String, _ value: String, focused: Bool) -> String {
    "  \(label): [\(value)\(focused ? "▏" : "")]"
  }

  /// `items` joined by ` · `, in lines of at most `width` characters where possible.
  private func wrapped(_ items: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for item in items {
      if line.isEmpty {
        line = item
      } else if line.count + 3 + item.count <= width {
        line += " · " + item
      } else {
        lines.append(line)
        line = item
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  private func bars(_ signal: Int) -> String {
    let level = min(5, max(0, (signal + 95) / 13))
    return String(repeating: "▮", count: level) + String(repeating: "▯", count: 5 - level)
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private func style(_ code: String, _ text: String) -> String {
    ansi ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
  private func bold(_ text: String) -> String { style("1", text) }
  private func dim(_ text: String) -> String { style("2", text) }
  private func red(_ text: String) -> String { style("31", text) }
  private func green(_ text: String) -> String { style("32", text) }
  private func yellow(_ text: String) -> String { style("33", text) }
  private func markColor(_ mark: RowMark, _ text: String) -> String {
    switch mark {
    case .inserted: green(text)
    case .moved: style("36", text)
    case .updated: yellow(text)
    case .movedAndUpdated: style("33", text)
    }
  }
}

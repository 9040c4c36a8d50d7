import Yaia

extension LaunchPlan {
  /// The plan as a Mermaid flowchart: an arrow from each step to the steps that wait for it.
  ///
  /// Steps that need user input are drawn rounded; arrows from optional steps are dashed,
  /// because their dependents run even when they fail. Paste it into any Markdown that renders
  /// Mermaid to see the launch.
  public func mermaid() -> String {
    var lines = ["flowchart TD"]
    for (index, step) in steps.enumerated() {
      let label = Self.quoted(step.id, escapingQuoteAs: "#quot;")
      lines.append(step.needsUserInput ? "  s\(index)([\(label)])" : "  s\(index)[\(label)]")
    }
    for index in steps.indices {
      for dependency in dependencyIndexes[index] {
        let arrow = steps[dependency].isOptional ? "-.->" : "-->"
        lines.append("  s\(dependency) \(arrow) s\(index)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The plan as a Graphviz DOT digraph, with the same conventions as ``mermaid()``:
  /// user-input steps rounded, arrows from optional steps dashed.
  public func dot(name: String = "launch") -> String {
    var lines = [
      "digraph \(Self.quoted(name, escapingQuoteAs: "\\\"")) {", "  rankdir=LR;",
      "  node [shape=box];",
    ]
    for (index, step) in steps.enumerated() {
      let style = step.needsUserInput ? ", style=rounded" : ""
      lines.append("  s\(index) [label=\(Self.quoted(step.id, escapingQuoteAs: "\\\""))\(style)];")
    }
    for index in steps.indices {
      for dependency in dependencyIndexes[index] {
        let style = steps[dependency].isOptional ? " [style=dashed]" : ""
        lines.append("  s\(dependency) -> s\(index)\(style);")
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The plan as plain text, wave by wave: each step with what it waits for and its marks.
  ///
  /// ```
  /// wave 1: presentSplash, forceUpdate
  /// wave 2: fetchConfiguration (after presentSplash)
  /// ```
  public func outline() -> String {
    var lines: [String] = []
    var stepsOfWave = [[Int]](repeating: [], count: (waveOfStep.max() ?? -1) + 1)
    for (index, wave) in waveOfStep.enumerated() { stepsOfWave[wave].append(index) }
    for (wave, indexes) in stepsOfWave.enumerated() {
      let entries = indexes.map { index -> String in
        var entry = "\(steps[index].id)"
        var notes: [String] = []
        if !dependencyIndexes[index].isEmpty {
          notes.append(
            "after " + dependencyIndexes[index].map { "\(steps[$0].id)" }.joined(separator: ", "))
        }
        if steps[index].needsUserInput { notes.append("user input") }
        if steps[index].isOptional { notes.append("optional") }
        if let timeout = steps[index].timeout {
          notes.append("timeout \(DurationText.format(timeout))")
        }
        if !notes.isEmpty { entry += " (\(notes.joined(separator: "; ")))" }
        return entry
      }
      lines.append("wave \(wave + 1): " + entries.joined(separator: ", "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `value` as a double-quoted label, with its quotes replaced and line breaks flattened.
  private static func quoted(_ value: some Any, escapingQuoteAs escape: String) -> String {
    let text = "\(value)"
      .replacingAll("\\", with: escape == "#quot;" ? "\\" : "\\\\")
      .replacingAll("\"", with: escape)
      .replacingAll("\n", with: " ")
    return "\"\(text)\""
  }
}

extension String {
  /// Replaces every occurrence of `target` (no Foundation here).
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}

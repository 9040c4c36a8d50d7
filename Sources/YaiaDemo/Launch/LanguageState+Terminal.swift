import YaiaResources

extension LanguageState {
  /// The question (or the setting), one row per language, and the keys' hint.
  static func draw(_ language: ViewModel, with pen: ScreenText) -> [String] {
    var lines = [pen.bold(pen.t(language.isSetting ? .screenLanguage : .languageQuestion))]
    for (index, code) in language.languages.enumerated() {
      lines.append(pen.row(pen.t(name(of: code)), selected: index == language.selected))
    }
    return lines + ["", pen.dim(pen.t(hint(language)))]
  }

  /// ↑/↓ (or k/j) move the selection, Enter chooses; Esc goes back from the setting (the
  /// keymap's back button).
  static func answer(to key: Key, on language: ViewModel) -> KeyAnswer<Event> {
    switch key {
    case .up, .text("k"): .event(.moveSelection(by: -1))
    case .down, .text("j"): .event(.moveSelection(by: 1))
    case .enter: .event(.confirm)
    default: .refused(hint(language))
    }
  }

  private static func hint(_ language: ViewModel) -> LocalizedText {
    language.isSetting ? .languageHintSetting : .languageHintFirstRun
  }
}

import YaiaResources

// The ids a UI test finds the demo's elements by, all in this one file (the seeds' "module
// that concentrates all accessibility constants"): each screen's view model lists the elements
// a user can act on, a row's id made from its speaker's address, never its place in the list,
// so a test keeps pointing at the same speaker when the list reorders. The terminal has no use
// for them; an Apple view applies them with `.accessibilityIdentifier(id)`, and DemoIDTests
// checks that each screen's are unique and stable.

extension HomeState.ViewModel: AccessibilityIdentified {
  /// Home's actions, then a row per paired speaker, then the field or question of its mode.
  var accessibilityIDs: [AccessibilityID] {
    let screen = "home"
    var ids = ["pair", "openLink", "quit"].map { AccessibilityID(screen: screen, element: $0) }
    ids += speakers.rows.map { AccessibilityID(screen: screen, element: "speaker", row: $0.id) }
    switch speakers.mode {
    case .browsing: break
    case .renaming:
      ids.append(AccessibilityID(screen: screen, element: "nicknameField"))
    case .confirmingDelete:
      ids += ["confirmDelete", "keep"].map { AccessibilityID(screen: screen, element: $0) }
    }
    return ids
  }
}

extension PairingState.ViewModel: AccessibilityIdentified {
  /// A row per speaker in range, by address; the nickname field while naming.
  var accessibilityIDs: [AccessibilityID] {
    rows.map { AccessibilityID(screen: "pairing", element: "speaker", row: $0.id) }
      + (naming == nil ? [] : [AccessibilityID(screen: "pairing", element: "nicknameField")])
  }
}

extension LoginState.ViewModel: AccessibilityIdentified {
  /// The two fields and the button.
  var accessibilityIDs: [AccessibilityID] {
    ["userNameField", "passwordField", "logIn"].map {
      AccessibilityID(screen: "login", element: $0)
    }
  }
}

extension LanguageState.ViewModel: AccessibilityIdentified {
  /// A row per language, by its code.
  var accessibilityIDs: [AccessibilityID] {
    languages.map { AccessibilityID(screen: "language", element: "option", row: $0) }
  }
}

extension TutorialState.ViewModel: AccessibilityIdentified {
  /// Next (or finish) and skip.
  var accessibilityIDs: [AccessibilityID] {
    [isLast ? "finish" : "next", "skip"].map { AccessibilityID(screen: "tutorial", element: $0) }
  }
}

extension LinkPromptState.ViewModel: AccessibilityIdentified {
  /// The link field and its button.
  var accessibilityIDs: [AccessibilityID] {
    ["linkField", "open"].map { AccessibilityID(screen: "linkPrompt", element: $0) }
  }
}

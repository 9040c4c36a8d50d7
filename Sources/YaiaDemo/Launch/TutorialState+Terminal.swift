import YaiaResources

extension TutorialState {
  /// The page, with its number, and the keys' hint.
  static func draw(_ tutorial: ViewModel, with pen: ScreenText) -> [String] {
    [
      pen.bold(pen.t(.tutorialHeading(tutorial.number, tutorial.count))),
      "  " + pen.t(tutorial.page), "", pen.dim(pen.t(hint(tutorial))),
    ]
  }

  /// Enter, Space or → turn the page; s or Esc skip the tutorial.
  static func answer(to key: Key, on tutorial: ViewModel) -> KeyAnswer<Event> {
    switch key {
    case .enter, .text(" "), .right: .event(.next)
    case .text("s"), .escape: .event(.skip)
    default: .refused(hint(tutorial))
    }
  }

  private static func hint(_ tutorial: ViewModel) -> LocalizedText {
    tutorial.isLast ? .tutorialHintLast : .tutorialHintNext
  }
}

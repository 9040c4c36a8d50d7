import YaiaResources

extension PairingState {
  /// The speakers the radio hears, strongest first, with their signal; then the nickname
  /// field while one is being named, and the keys' hint.
  static func draw(_ pairing: ViewModel, with pen: ScreenText) -> [String] {
    var lines = [
      pen.bold(pen.t(.pairingHeading)),
      pen.dim("  " + pen.t(.pairingLegend)),
    ]
    if pairing.rows.isEmpty { lines.append("  " + pen.t(.pairingScanning)) }
    for row in pairing.rows {
      let paired = row.pairedAs.map { "  " + pen.t(.pairingPairedAs($0)) } ?? ""
      lines.append(
        pen.row(
          "\(pen.pad(pen.v(row.model), 20)) \(pen.bars(row.signal)) \(row.signal) dBm\(paired)",
          selected: row.isSelected, mark: row.mark))
    }
    if let changes = pairing.changes { lines.append(pen.dim("  " + pen.t(changes))) }
    lines.append("")
    if let naming = pairing.naming {
      lines.append(
        pen.field(pen.t(.pairingNicknameFor(naming.model)), pen.v(naming.nickname), focused: true))
      if pairing.isSaving { lines.append("  " + pen.t(.pairingSaving)) }
      lines.append(pen.dim(pen.t(.pairingHintNaming)))
    } else {
      lines.append(pen.dim(pen.t(.pairingHintBrowsing)))
    }
    if let message = pairing.message { lines.append(pen.yellow("! " + pen.t(message))) }
    return lines
  }

  /// ↑/↓ (or k/j) move the selection, Enter picks; while naming, text, Backspace and Enter
  /// edit and save the nickname, and Esc cancels. (Esc or q go back while browsing: the
  /// keymap's back button.)
  static func answer(to key: Key, on pairing: ViewModel) -> KeyAnswer<Event> {
    if pairing.naming != nil {
      if let event = Keymap.textField(key, Event.typed, Event.deleteBackward, Event.submit) {
        return .event(event)
      }
      return key == .escape ? .event(.cancel) : .refused(.pairingHintNaming)
    }
    switch key {
    case .up, .text("k"): return .event(.moveSelection(by: -1))
    case .down, .text("j"): return .event(.moveSelection(by: 1))
    case .enter: return .event(.pick)
    default: return .refused(.pairingHintBrowsing)
    }
  }
}

// rule: law-of-demeter
// config: rules: { law-of-demeter: on }
// pattern: value-property-tail
// expect: 7
func checks() -> Bool {
  settings.account.profile.name.isEmpty && player.session.id.rawValue.count > 0
    && controller.browser.history.current.item != nil
}

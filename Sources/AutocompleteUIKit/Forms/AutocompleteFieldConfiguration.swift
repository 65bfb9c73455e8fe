#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import UIKit

  /// An ``AutocompleteTextField`` in a form cell: the field's traits and delegate (a
  /// ``TextFieldConfiguration``) plus its data, options and autocomplete delegate.
  ///
  /// Configuring a reused field replaces all of them: a field that showed cities shows people
  /// after the next model, with no delegate, target or input view left from before.
  @MainActor
  public final class AutocompleteFieldConfiguration: TextInputConfiguration {
    /// The field's traits and `UITextFieldDelegate`.
    public var textField: TextFieldConfiguration
    /// The items searched when ``sources`` is empty.
    public var items: [AutocompleteItem]
    /// The sources asked for suggestions; when not empty, they replace ``items``.
    public var sources: [any SuggestionSource]
    /// The search and display options.
    public var options: AutofillOptions
    /// Hears picks and the action row.
    public weak var autocompleteDelegate: (any AutocompleteFieldDelegate)?

    /// Creates a configuration.
    public init(
      textField: TextFieldConfiguration = TextFieldConfiguration(), items: [AutocompleteItem] = [],
      sources: [any SuggestionSource] = [], options: AutofillOptions = AutofillOptions(),
      autocompleteDelegate: (any AutocompleteFieldDelegate)? = nil
    ) {
      self.textField = textField
      self.items = items
      self.sources = sources
      self.options = options
      self.autocompleteDelegate = autocompleteDelegate
    }

    /// Applies everything to `textInputView`.
    public func configure(textInputView: AutocompleteTextField) {
      textField.configure(textInputView: textInputView)
      textInputView.options = options
      textInputView.dataSource = nil
      if sources.isEmpty {
        textInputView.items = items
      } else {
        textInputView.sources = sources
      }
      textInputView.autocompleteDelegate = autocompleteDelegate
    }
  }
#endif

/// The embedded GeoNames cities (placeholder until the data set lands).
public enum Cities {}

export { calibrateConfidences, ocrConfidence } from "./apply";
export { calibratedConfidence, CALIBRATION, type CalibrationModel } from "./model";
export { reliability, formatReliability, type Outcome, type Reliability } from "./reliability";

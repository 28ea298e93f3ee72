// What people call their data, by domain: the objects the Planner's corpus says a composition
// works on beside the library's own ("the signal", "x"; words.ts). A person asks for the
// variance of "my daily sales" or "the heart rate readings", not of "the signal"; the Planners
// must read past the noun to the step. Grouped by domain so a domain can be held out whole.
export const DOMAIN_OBJECTS: Readonly<Record<string, readonly string[]>> = {
  finance: ['the prices', 'the stock prices', 'the closing prices', 'my daily returns', 'the exchange rates', 'the portfolio values', 'the trading volumes', 'the account balances', 'the monthly revenue', 'my expenses'],
  health: ['the heart rate readings', 'the blood pressure values', 'my step counts', 'the glucose levels', 'the ecg trace', 'the patient temperatures', 'the sleep scores', 'my weight log', 'the pulse data', 'the oxygen saturation'],
  weather: ['the temperatures', 'the daily rainfall', 'the wind speeds', 'the humidity readings', 'the air pressure values', 'the hourly temperatures', 'the snowfall totals', 'the uv index values', 'the sea levels', 'the pollen counts'],
  audio: ['the audio samples', 'the waveform', 'the recording', 'the sound levels', 'the microphone input', 'the audio buffer', 'the pcm samples', 'the amplitude values', 'the audio frame', 'the decibel readings'],
  sensors: ['the sensor values', 'the accelerometer data', 'the gyro readings', 'the voltages', 'the current draw', 'the strain gauge data', 'the thermocouple readings', 'the encoder counts', 'the adc values', 'the lidar distances'],
  web: ['the page views', 'the response times', 'the latencies', 'the daily active users', 'the click counts', 'the request rates', 'the error counts', 'the session lengths', 'the download counts', 'the queue lengths'],
  school: ['the test scores', 'the grades', 'the exam marks', 'the quiz results', 'the attendance counts', 'the homework scores', 'the reading times', 'the class averages', 'the survey answers', 'the ratings'],
  sport: ['the lap times', 'the race times', 'my running pace', 'the match scores', 'the player ratings', 'the jump heights', 'the split times', 'the shot counts', 'the training loads', 'the power output'],
  energy: ['the power readings', 'the energy usage', 'the meter readings', 'the load profile', 'the solar output', 'the battery levels', 'the grid frequency', 'the gas usage', 'the turbine speeds', 'the charge levels'],
  science: ['the measurements', 'the observations', 'the spectrum data', 'the counts per second', 'the trial results', 'the lab readings', 'the experiment data', 'the concentrations', 'the absorbance values', 'the growth rates'],
  code: ['arr', 'data', 'xs', 'vals', 'the list', 'the array of numbers', 'this list', 'these numbers', 'my numbers', 'the vector'],
};

/** Two inputs together, as people name them. */
export const DOMAIN_PAIRS: readonly string[] = [
  'the predictions and the targets', 'two price series', 'the left and right channels', 'a and b', 'the two sensors',
  'the measured and the expected values', 'this year and last year', 'the two recordings', 'both lists', 'xs and ys',
];

export const ALL_DOMAIN_OBJECTS: readonly string[] = Object.values(DOMAIN_OBJECTS).flat();

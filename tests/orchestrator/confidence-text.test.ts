// How a confidence and its threshold are written in the CLI, the Compose view and a refusal.
import { describe, expect, it } from 'vitest';
import { confidenceText } from '../../worker/orchestrator/confidence-text.ts';
import { plannerUnsure } from '../../worker/orchestrator/task-loop.ts';

describe('confidenceText', () => {
  it('writes two decimals, or as many as the threshold has', () => {
    expect(confidenceText(0.41, 0.8)).toEqual({ confidence: '0.41', threshold: '0.80' });
    expect(confidenceText(0.9, 0.8)).toEqual({ confidence: '0.90', threshold: '0.80' });
    expect(confidenceText(0.99812, 0.996)).toEqual({ confidence: '0.998', threshold: '0.996' });
  });

  it('never writes two different numbers alike', () => {
    expect(confidenceText(0.9957, 0.996)).toEqual({ confidence: '0.9957', threshold: '0.9960' });
    expect(confidenceText(0.79999, 0.8)).toEqual({ confidence: '0.79999', threshold: '0.80000' });
    expect(confidenceText(0.8, 0.8)).toEqual({ confidence: '0.80', threshold: '0.80' });
  });

  it('is what a refusal by an unsure Planner says', () => {
    expect(plannerUnsure(0.9957, 0.996)).toBe("this intent is outside what the organelles know: the Planner's confidence was 0.9957 against a threshold of 0.9960");
  });
});

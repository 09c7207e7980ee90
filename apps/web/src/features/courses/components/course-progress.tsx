import { Progress, type ProgressProps } from 'antd';

/** antd's progress bar in the brand teal (antd colours it with its info blue), light and dark. */
export function CourseProgress(props: Omit<ProgressProps, 'strokeColor'>) {
  return <Progress strokeColor="var(--cw-color-brand)" {...props} />;
}

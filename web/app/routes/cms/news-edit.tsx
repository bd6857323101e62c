/** PLACEHOLDER: being written. */
export default function Placeholder() {
  return <p>建设中</p>;
}

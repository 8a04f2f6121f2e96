import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CloudOff from '@mui/icons-material/CloudOff';

/** The login could not be checked (no connection, server down). */
export function AuthUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 8 }}>
      <Card sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ p: 4 }}>
          <CloudOff color="warning" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography variant="h5" component="h1" gutterBottom>
            Cannot Verify Login
          </Typography>
          <Typography color="text.secondary">
            The lodge server cannot be reached to check your login. Check the connection and try again.
          </Typography>
          <Button variant="contained" onClick={onRetry} sx={{ mt: 3 }}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
